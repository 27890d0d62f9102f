import { describe, expect, it } from 'vitest';
import { csvField, csvRow, CsvError, guardFormula, parseCsv, unguardFormula } from './csv.ts';

describe('copy CSV', () => {
  it('quotes a field with a comma, a quote, a line break or spaces at either end, and leaves others bare', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvRow(['a', 'b,c', ''])).toBe('a,"b,c",\r\n');
  });

  it('parses what it writes, with CRLF or LF, a byte order mark, empty fields and blank lines', () => {
    const rows = [
      ['type', 'key', 'en'],
      ['shared', 'errors.x', 'A "quoted", multi\r\nline text'],
      ['shared', 'errors.y', ''],
    ];
    const text = rows.map(csvRow).join('');
    expect(parseCsv(text)).toEqual(rows);
    expect(parseCsv(`\ufeffa,b\n\n1,\n`)).toEqual([['a', 'b'], ['1', '']]);
    expect(parseCsv('a,"",c')).toEqual([['a', '', 'c']]);
    expect(parseCsv('')).toEqual([]);
  });

  it('names the line of an unclosed quote and of a stray quote', () => {
    expect(() => parseCsv('a,b\n1,"open\n2')).toThrow(CsvError);
    try {
      parseCsv('a,b\n1,"open\n2');
    } catch (error) {
      expect((error as CsvError).line).toBe(2);
    }
    expect(() => parseCsv('a,b"c')).toThrow(/unquoted field/);
    expect(() => parseCsv('"a"b,c')).toThrow(/closing quote/);
  });

  it('guards a text a spreadsheet would run as a formula, and the import takes exactly the guard off', () => {
    for (const text of ['=1+1', '+46 70', '-5', '@SUM(A1)', '\tx', "'=already", "''+x", 'plain', "'quoted", '', 'a=b']) {
      const cell = guardFormula(text);
      if (/^'*[=+\-@\t\r]/.test(text)) expect(cell).toBe(`'${text}`);
      else expect(cell).toBe(text);
      expect(unguardFormula(cell)).toBe(text);
    }
  });
});
