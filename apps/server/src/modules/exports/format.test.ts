import { describe, expect, it } from 'vitest';
import { contentDisposition, csvConvention, csvField, csvLine, decimalText, exportFilename, fill, LocalClock } from './format.ts';
import { intervals, planExport } from './service.ts';
import { csvStream } from './writers.ts';

describe('CSV', () => {
  it('uses comma and dot in English, semicolon and decimal comma elsewhere', () => {
    expect(csvConvention('en')).toEqual({ separator: ',', decimal: '.' });
    for (const language of ['sv', 'nb', 'nn', 'fi', 'de'] as const) expect(csvConvention(language)).toEqual({ separator: ';', decimal: ',' });
  });

  it('quotes only fields that need it', () => {
    expect(csvField('Storgatan 1', ',')).toBe('Storgatan 1');
    expect(csvField('1,5', ',')).toBe('"1,5"');
    expect(csvField('1,5', ';')).toBe('1,5');
    expect(csvField('say "hi"', ';')).toBe('"say ""hi"""');
    expect(csvField('two\nlines', ';')).toBe('"two\nlines"');
    expect(csvLine(['a', 'b;c', ''], ';')).toBe('a;"b;c";\r\n');
  });

  it('writes decimals exactly, without trailing zeros, with the decimal sign asked', () => {
    expect(decimalText('1.2500', '.')).toBe('1.25');
    expect(decimalText('1.2500', ',')).toBe('1,25');
    expect(decimalText('2.0000', ',')).toBe('2');
    expect(decimalText('120', ',')).toBe('120');
    expect(decimalText('-0.0000', '.')).toBe('0');
    expect(decimalText('123456789.123456', ',')).toBe('123456789,123456');
    expect(decimalText(null, ',')).toBe('');
  });

  it('streams a BOM, the header and CRLF rows', async () => {
    async function* chunks() {
      yield [{ wall: 0, local: '2025-10-26 02:00', consumption: '0.2500', cost: null, certainty: 100, status: 'Normal' }];
      yield [{ wall: 0, local: '2025-10-26 02:00', consumption: null, cost: null, certainty: null, status: null }];
    }
    const stream = csvStream(
      { sheetName: 'x', headers: ['Start', 'Consumption (kWh)', 'Cost (SEK)', 'Certainty (%)', 'Status'], withStatus: true, chunks: chunks() },
      { separator: ';', decimal: ',' },
    );
    let text = '';
    for await (const part of stream) text += String(part);
    expect(text).toBe('\uFEFFStart;Consumption (kWh);Cost (SEK);Certainty (%);Status\r\n2025-10-26 02:00;0,25;;100;Normal\r\n2025-10-26 02:00;;;;\r\n');
  });
});

describe('local times', () => {
  it('shows the repeated autumn hour twice and skips the spring one', () => {
    const clock = new LocalClock('Europe/Stockholm');
    const autumn = ['2025-10-26T00:45:00Z', '2025-10-26T01:00:00Z', '2025-10-26T01:15:00Z'].map((t) => clock.text(new Date(t)));
    expect(autumn).toEqual(['2025-10-26 02:45', '2025-10-26 02:00', '2025-10-26 02:15']);
    expect(clock.text(new Date('2025-03-30T01:00:00Z'))).toBe('2025-03-30 03:00');
    expect(new LocalClock('Europe/Helsinki').text(new Date('2025-01-01T00:00:00Z'))).toBe('2025-01-01 02:00');
  });
});

describe('file names', () => {
  it('joins the address and key and drops what file systems refuse', () => {
    expect(exportFilename('Storgatan 1', '2025-03', 'csv')).toBe('Storgatan 1 2025-03.csv');
    expect(exportFilename('A/B: "C"', '2025', 'xlsx')).toBe('A B C 2025.xlsx');
    expect(exportFilename('', '2025-W13', 'csv')).toBe('2025-W13.csv');
  });

  it('gives an ASCII name and the exact UTF-8 name', () => {
    expect(contentDisposition('Köpingsvägen 7 2025-03.csv')).toBe(
      `attachment; filename="Kopingsvagen 7 2025-03.csv"; filename*=UTF-8''K%C3%B6pingsv%C3%A4gen%207%202025-03.csv`,
    );
    expect(contentDisposition('Ørnevegen 2.csv')).toContain('filename="_rnevegen 2.csv"');
  });

  it('fills placeholders', () => {
    expect(fill('Cost ({{currency}})', { currency: 'SEK' })).toBe('Cost (SEK)');
    expect(fill('Consumption ({{ unit }})', {})).toBe('Consumption ({{ unit }})');
  });
});

describe('export plans', () => {
  const tz = 'Europe/Stockholm';

  it('takes the period from the key and a finer resolution by default', () => {
    expect(planExport({ dateKey: '2025-10-26' }, '15M', tz)).toMatchObject({ period: { unit: 'day', key: '2025-10-26' }, resolution: '15min' });
    expect(planExport({ dateKey: '2025-10-26' }, 'hourly', tz).resolution).toBe('hour');
    expect(planExport({ dateKey: '2025-10' }, 'hourly', tz).resolution).toBe('day');
    expect(planExport({ dateKey: '2025-W13' }, 'hourly', tz).resolution).toBe('day');
    expect(planExport({ dateKey: '2025', period: 'year' }, 'hourly', tz).resolution).toBe('month');
  });

  it('refuses the total period, keys of another unit, and resolutions that are not finer', () => {
    const fails = (query: Parameters<typeof planExport>[0], key: string, readingPeriod = 'hourly') =>
      expect(() => planExport(query, readingPeriod, tz), JSON.stringify(query)).toThrow(expect.objectContaining({ key }));
    fails({ dateKey: '2025', period: 'total' }, 'INVALID_EXPORT_PERIOD');
    fails({ dateKey: '2025-10', period: 'day' }, 'INVALID_DATE_KEY');
    fails({ dateKey: '2025-02-30' }, 'INVALID_DATE_KEY');
    fails({ dateKey: '2025-10-26T02' }, 'INVALID_DATE_KEY');
    fails({ dateKey: '2025-10', resolution: 'month' }, 'INVALID_EXPORT_RESOLUTION');
    fails({ dateKey: '2025-10-26', resolution: 'minute' }, 'INVALID_EXPORT_RESOLUTION');
    fails({ dateKey: '2025-10-26', resolution: '15min' }, 'INVALID_EXPORT_RESOLUTION', 'hourly');
  });

  it('lists every interval of the period: 100 quarters and 25 hours on the long DST day, local days and months', () => {
    const day = planExport({ dateKey: '2025-10-26' }, '15M', tz).period;
    expect(intervals(day, '15min', tz)).toHaveLength(100);
    expect(intervals(day, 'hour', tz)).toHaveLength(25);
    const march = planExport({ dateKey: '2025-03' }, '15M', tz).period;
    expect(intervals(march, 'hour', tz)).toHaveLength(31 * 24 - 1);
    const days = intervals(march, 'day', tz);
    expect(days).toHaveLength(31);
    expect(days[30]!.toISOString()).toBe('2025-03-30T22:00:00.000Z');
    const year = planExport({ dateKey: '2025' }, '15M', tz).period;
    expect(
      intervals(year, 'month', tz)
        .map((d) => d.toISOString())
        .slice(2, 4),
    ).toEqual(['2025-02-28T23:00:00.000Z', '2025-03-31T22:00:00.000Z']);
  });
});
