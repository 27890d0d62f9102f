/**
 * CSV for copy texts (decision 0046): RFC 4180 quoting, and the guard against formula injection
 * that the import undoes. A spreadsheet runs a cell that starts with `=`, `+`, `-`, `@` (or a tab
 * or carriage return) as a formula; the export puts a `'` before such a text, and before a text
 * that already starts with `'` and then one of them, so the import takes exactly one off and a
 * text comes back as it went out.
 */

const formulaStart = /^'*[=+\-@\t\r]/;
const guardedStart = /^'+[=+\-@\t\r]/;

/** A text as a cell a spreadsheet shows and never evaluates. */
export function guardFormula(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}

/** The text of a cell the export guarded. */
export function unguardFormula(cell: string): string {
  return guardedStart.test(cell) ? cell.slice(1) : cell;
}

/** One field, quoted when it holds a separator, a quote or a line break (or spaces at either end). */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvRow(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

export class CsvError extends Error {
  readonly line: number;
  constructor(message: string, line: number) {
    super(message);
    this.line = line;
  }
}

/**
 * The rows of a CSV text (comma separated; fields in double quotes may hold commas, quotes as
 * `""` and line breaks; a byte order mark and blank lines are skipped). An unclosed quote or a
 * quote inside an unquoted field is a `CsvError` naming the line.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let fieldStarted = false;
  let line = 1;
  let quoteLine = 1;
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const endRow = () => {
    row.push(field);
    if (!(row.length === 1 && row[0] === '' && !fieldStarted)) rows.push(row);
    row = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i] as string;
    if (quoted) {
      if (char === '"') {
        if (input[i + 1] === '"') {
          field += '"';
          i += 1;
        } else {
          quoted = false;
          const next = input[i + 1];
          if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') throw new CsvError(`Line ${line}: a closing quote must end its field`, line);
        }
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
      continue;
    }
    if (char === '"') {
      if (field !== '') throw new CsvError(`Line ${line}: a quote inside an unquoted field (put the field in quotes and double the quote)`, line);
      quoted = true;
      fieldStarted = true;
      quoteLine = line;
    } else if (char === ',') {
      row.push(field);
      field = '';
      fieldStarted = true;
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && input[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
    } else {
      field += char;
      fieldStarted = true;
    }
  }
  if (quoted) throw new CsvError(`Line ${quoteLine}: the quote opened here is never closed`, quoteLine);
  if (field !== '' || fieldStarted || row.length > 0) endRow();
  return rows;
}
