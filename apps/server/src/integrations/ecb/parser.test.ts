import { describe, expect, it } from 'vitest';
import { EcbFormatError } from './errors.ts';
import { parseCsv, parseExchangeRatesCsv } from './parser.ts';

const HEADER =
  'KEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE,OBS_STATUS,OBS_CONF,OBS_PRE_BREAK,OBS_COM,TIME_FORMAT,BREAKS,COLLECTION,COMPILING_ORG,DISS_ORG,DOM_SER_IDS,PUBL_ECB,PUBL_MU,PUBL_PUBLIC,UNIT_INDEX_BASE,COMPILATION,COVERAGE,DECIMALS,NAT_TITLE,SOURCE_AGENCY,SOURCE_PUB,TITLE,TITLE_COMPL,UNIT,UNIT_MULT';

function row(currency: string, day: string, value: string): string {
  const name = currency === 'SEK' ? 'Swedish krona' : 'Norwegian krone';
  return `EXR.D.${currency}.EUR.SP00.A,D,${currency},EUR,SP00,A,${day},${value},A,F,,,P1D,,A,,,,,,,99Q1=100,,,4,,4F0,,${name}/Euro,"ECB reference exchange rate, ${name}/Euro, 2:15 pm (C.E.T.)",${currency},0`;
}

describe('parseExchangeRatesCsv', () => {
  it('reads the full SDMX-CSV answer, quoted titles with commas included, sorted by day and currency', () => {
    const csv = [
      HEADER,
      row('SEK', '2026-11-19', '11.1805'),
      row('SEK', '2026-11-20', '11.2015'),
      row('NOK', '2026-11-19', '11.7230'),
      row('NOK', '2026-11-20', '11.70'),
      '',
    ].join('\r\n');
    expect(parseExchangeRatesCsv(csv)).toEqual([
      { day: '2026-11-19', currency: 'NOK', eurRate: '11.7230' },
      { day: '2026-11-19', currency: 'SEK', eurRate: '11.1805' },
      { day: '2026-11-20', currency: 'NOK', eurRate: '11.70' },
      { day: '2026-11-20', currency: 'SEK', eurRate: '11.2015' },
    ]);
  });

  it('reads the short form (dimensions, TIME_PERIOD and OBS_VALUE only) with a byte-order mark', () => {
    const csv = '\uFEFFKEY,FREQ,CURRENCY,CURRENCY_DENOM,EXR_TYPE,EXR_SUFFIX,TIME_PERIOD,OBS_VALUE\nEXR.D.SEK.EUR.SP00.A,D,SEK,EUR,SP00,A,2025-03-03,11.1055\n';
    expect(parseExchangeRatesCsv(csv)).toEqual([{ day: '2025-03-03', currency: 'SEK', eurRate: '11.1055' }]);
  });

  it('leaves out observations without a value (empty or NaN) and an identical repeat', () => {
    const csv = [
      HEADER,
      row('SEK', '2026-11-19', ''),
      row('SEK', '2026-11-20', 'NaN'),
      row('NOK', '2026-11-20', '11.7'),
      row('NOK', '2026-11-20', '11.7'),
    ].join('\n');
    expect(parseExchangeRatesCsv(csv)).toEqual([{ day: '2026-11-20', currency: 'NOK', eurRate: '11.7' }]);
  });

  it('answers nothing for a header without rows', () => {
    expect(parseExchangeRatesCsv(`${HEADER}\n`)).toEqual([]);
  });

  it.each([
    ['an empty body', ''],
    ['an HTML page', '<html><body><h1>Service unavailable</h1></body></html>'],
    ['SDMX-ML instead of CSV', '<?xml version="1.0"?><message:GenericData xmlns:message="x"/>'],
    ['a header without OBS_VALUE', 'KEY,FREQ,CURRENCY,CURRENCY_DENOM,TIME_PERIOD\nEXR.D.SEK.EUR.SP00.A,D,SEK,EUR,2026-11-20'],
    ['a row with a field too few', `${HEADER}\n${row('SEK', '2026-11-20', '11.2').replace(/,0$/, '')}`],
    ['a monthly series', `${HEADER}\n${row('SEK', '2026-11-20', '11.2').replace(',D,SEK', ',M,SEK')}`],
    ['a rate against the dollar', `${HEADER}\n${row('SEK', '2026-11-20', '11.2').replace(',SEK,EUR,', ',SEK,USD,')}`],
    ['a month as TIME_PERIOD', `${HEADER}\n${row('SEK', '2026-11', '11.2')}`],
    ['an impossible day', `${HEADER}\n${row('SEK', '2026-02-30', '11.2')}`],
    ['a negative rate', `${HEADER}\n${row('SEK', '2026-11-20', '-11.2')}`],
    ['a rate in exponent notation', `${HEADER}\n${row('SEK', '2026-11-20', '1.12e1')}`],
    ['two different rates for one day', `${HEADER}\n${row('SEK', '2026-11-20', '11.2')}\n${row('SEK', '2026-11-20', '11.3')}`],
    ['an unclosed quote', `${HEADER}\n${row('SEK', '2026-11-20', '11.2').replace('C.E.T.)"', 'C.E.T.)')}`],
  ])('refuses %s', (_, csv) => {
    expect(() => parseExchangeRatesCsv(csv)).toThrow(EcbFormatError);
  });
});

describe('parseCsv', () => {
  it('keeps commas, doubled quotes and line breaks inside quotes', () => {
    expect(parseCsv('a,"b, c","say ""hi""","two\nlines"\r\nx,,z')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines'],
      ['x', '', 'z'],
    ]);
  });

  it('refuses text after a closing quote', () => {
    expect(() => parseCsv('"a"b,c')).toThrow(EcbFormatError);
  });
});
