import { describe, expect, it } from 'vitest';
import { EntsoeAcknowledgementError, EntsoeFormatError } from './errors.ts';
import { parseDayAheadDocument, type DayAheadResult, type DayAheadSeries } from './parser.ts';
import { acknowledgementDocument } from './simulator.ts';

const NS = 'urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:3';
const SE3 = '10Y1001A1001A46L';
const AT = '10YAT-APG------L';

type SeriesSpec = {
  eic?: string;
  sequence?: number;
  curveType?: string;
  resolution?: string;
  start: string;
  end: string;
  points: Array<[position: number | string, price: string]>;
  extraPeriods?: Array<{ start: string; end: string; points: Array<[number, string]> }>;
};

function period(start: string, end: string, resolution: string, points: Array<[number | string, string]>): string {
  return `
    <Period>
      <timeInterval>
        <start>${start}</start>
        <end>${end}</end>
      </timeInterval>
      <resolution>${resolution}</resolution>
${points.map(([position, price]) => `      <Point>\n        <position>${position}</position>\n        <price.amount>${price}</price.amount>\n      </Point>`).join('\n')}
    </Period>`;
}

function timeSeries(spec: SeriesSpec, mRID: number): string {
  const eic = spec.eic ?? SE3;
  const resolution = spec.resolution ?? 'PT15M';
  return `
  <TimeSeries>
    <mRID>${mRID}</mRID>
    <auction.type>A01</auction.type>
    <businessType>A62</businessType>
    <in_Domain.mRID codingScheme="A01">${eic}</in_Domain.mRID>
    <out_Domain.mRID codingScheme="A01">${eic}</out_Domain.mRID>
    <contract_MarketAgreement.type>A01</contract_MarketAgreement.type>
    <currency_Unit.name>EUR</currency_Unit.name>
    <price_Measure_Unit.name>MWH</price_Measure_Unit.name>${
      spec.sequence === undefined
        ? ''
        : `\n    <classificationSequence_AttributeInstanceComponent.position>${spec.sequence}</classificationSequence_AttributeInstanceComponent.position>`
    }
    <curveType>${spec.curveType ?? 'A03'}</curveType>${period(spec.start, spec.end, resolution, spec.points)}${(spec.extraPeriods ?? [])
      .map((extra) => period(extra.start, extra.end, resolution, extra.points))
      .join('')}
  </TimeSeries>`;
}

function publication(...series: SeriesSpec[]): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<Publication_MarketDocument xmlns="${NS}">
  <mRID>8f1a2c3d4e5f60718293a4b5c6d7e8f9</mRID>
  <revisionNumber>1</revisionNumber>
  <type>A44</type>
  <sender_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</sender_MarketParticipant.mRID>
  <sender_MarketParticipant.marketRole.type>A32</sender_MarketParticipant.marketRole.type>
  <receiver_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</receiver_MarketParticipant.mRID>
  <receiver_MarketParticipant.marketRole.type>A33</receiver_MarketParticipant.marketRole.type>
  <createdDateTime>2025-11-11T12:46:03Z</createdDateTime>
  <period.timeInterval>
    <start>${series[0]?.start ?? '2025-11-11T23:00Z'}</start>
    <end>${series.at(-1)?.end ?? '2025-11-12T23:00Z'}</end>
  </period.timeInterval>${series.map((spec, i) => timeSeries(spec, i + 1)).join('')}
</Publication_MarketDocument>
`;
}

function prices(result: DayAheadResult): DayAheadSeries[] {
  if (result.kind !== 'prices') throw new Error(`expected prices, got ${result.kind}`);
  return result.series;
}

function only(result: DayAheadResult): DayAheadSeries {
  const series = prices(result);
  expect(series).toHaveLength(1);
  return series[0] as DayAheadSeries;
}

const amounts = (series: DayAheadSeries) => series.points.map((point) => point.priceEurPerMwh);
const starts = (series: DayAheadSeries) => series.points.map((point) => point.start.toISOString());
/** Every position listed, price = position (a full A01-style list). */
const full = (count: number, price = (position: number) => `${position}.5`): Array<[number, string]> =>
  Array.from({ length: count }, (_, i) => [i + 1, price(i + 1)]);

describe('parseDayAheadDocument: prices', () => {
  it('reads an hourly (PT60M) day with every position listed', () => {
    const xml = publication({ curveType: 'A01', resolution: 'PT60M', start: '2025-09-14T22:00Z', end: '2025-09-15T22:00Z', points: full(24) });
    const series = only(parseDayAheadDocument(xml));
    expect(series).toMatchObject({ zone: 'SE3', eic: SE3, currency: 'EUR', unit: 'MWH', resolutionMinutes: 60, classificationSequence: null });
    expect(series.start.toISOString()).toBe('2025-09-14T22:00:00.000Z');
    expect(series.end.toISOString()).toBe('2025-09-15T22:00:00.000Z');
    expect(series.points).toHaveLength(24);
    expect(starts(series).slice(0, 2)).toEqual(['2025-09-14T22:00:00.000Z', '2025-09-14T23:00:00.000Z']);
    expect(starts(series).at(-1)).toBe('2025-09-15T21:00:00.000Z');
    expect(amounts(series)[23]).toBe('24.5');
  });

  it('reads a quarter-hour (PT15M) day and keeps the published decimal text, negative prices included', () => {
    const published = (position: number) => ['-0.01', '-12.5', '0', '103.07'][position % 4] ?? '';
    const xml = publication({ curveType: 'A01', start: '2025-11-11T23:00Z', end: '2025-11-12T23:00Z', points: full(96, published) });
    const series = only(parseDayAheadDocument(xml));
    expect(series.resolutionMinutes).toBe(15);
    expect(series.points).toHaveLength(96);
    expect(amounts(series).slice(0, 4)).toEqual(['-12.5', '0', '103.07', '-0.01']);
    expect(starts(series).slice(0, 2)).toEqual(['2025-11-11T23:00:00.000Z', '2025-11-11T23:15:00.000Z']);
    expect(starts(series).at(-1)).toBe('2025-11-12T22:45:00.000Z');
  });

  it('fills A03 gaps forward: single gaps, several repeats in a row and a gap that runs to the end of the period', () => {
    const xml = publication({
      resolution: 'PT60M',
      start: '2025-09-14T22:00Z',
      end: '2025-09-15T22:00Z',
      points: [
        [1, '40.1'],
        [2, '38'],
        [4, '41.25'], // 3 repeats 38
        [5, '-1.5'], // 6..9 repeat -1.5
        [10, '55'],
        [11, '61.99'], // 12..24 repeat 61.99: the end of the period
      ],
    });
    const series = only(parseDayAheadDocument(xml));
    expect(series.points).toHaveLength(24);
    expect(amounts(series)).toEqual(['40.1', '38', '38', '41.25', '-1.5', '-1.5', '-1.5', '-1.5', '-1.5', '55', ...Array<string>(14).fill('61.99')]);
    expect(series.points[23]?.start.toISOString()).toBe('2025-09-15T21:00:00.000Z');
  });

  it('takes the points in position order whatever order they are written in', () => {
    const xml = publication({
      resolution: 'PT60M',
      start: '2025-09-14T22:00Z',
      end: '2025-09-15T00:00Z',
      points: [
        [2, '2'],
        [1, '1'],
      ],
    });
    expect(amounts(only(parseDayAheadDocument(xml)))).toEqual(['1', '2']);
  });

  it('has 100 quarter-hours on the autumn DST day and 92 on the spring one', () => {
    const autumn = only(
      parseDayAheadDocument(
        publication({
          start: '2025-10-25T22:00Z',
          end: '2025-10-26T23:00Z',
          points: [
            [1, '70.3'],
            [50, '80'],
          ],
        }),
      ),
    );
    expect(autumn.points).toHaveLength(100);
    expect(starts(autumn).at(-1)).toBe('2025-10-26T22:45:00.000Z');
    expect(amounts(autumn).filter((amount) => amount === '80')).toHaveLength(51);

    const spring = only(parseDayAheadDocument(publication({ start: '2026-03-28T23:00Z', end: '2026-03-29T22:00Z', points: full(92) })));
    expect(spring.points).toHaveLength(92);
    expect(starts(spring).at(-1)).toBe('2026-03-29T21:45:00.000Z');
  });

  it('keeps classification sequence 1 for Austria, wherever it stands in the document', () => {
    const xml = publication(
      { eic: AT, sequence: 2, start: '2025-11-11T23:00Z', end: '2025-11-12T23:00Z', points: [[1, '99.99']] },
      {
        eic: AT,
        sequence: 1,
        start: '2025-11-11T23:00Z',
        end: '2025-11-12T23:00Z',
        points: [
          [1, '97.12'],
          [96, '120'],
        ],
      },
    );
    const series = only(parseDayAheadDocument(xml));
    expect(series).toMatchObject({ zone: 'AT', classificationSequence: 1 });
    expect(amounts(series)[0]).toBe('97.12');
    expect(amounts(series)[95]).toBe('120');
  });

  it('drops a sequence-2 series even when it is alone: it is another auction, not the day-ahead price', () => {
    const xml = publication({ eic: AT, sequence: 2, start: '2025-11-11T23:00Z', end: '2025-11-12T23:00Z', points: [[1, '99.99']] });
    expect(prices(parseDayAheadDocument(xml))).toEqual([]);
  });

  it('returns one series per period, in time order, across several TimeSeries and Periods', () => {
    const xml = publication(
      {
        resolution: 'PT60M',
        start: '2025-09-29T22:00Z',
        end: '2025-09-30T22:00Z',
        points: [[1, '10']],
        extraPeriods: [{ start: '2025-09-28T22:00Z', end: '2025-09-29T22:00Z', points: [[1, '9']] }],
      },
      { eic: '10YFI-1--------U', start: '2025-09-30T22:00Z', end: '2025-10-01T22:00Z', points: [[1, '11']], resolution: 'PT15M' },
    );
    const series = prices(parseDayAheadDocument(xml));
    expect(series.map((s) => [s.zone, s.start.toISOString(), s.resolutionMinutes, s.points.length, s.points[0]?.priceEurPerMwh])).toEqual([
      ['SE3', '2025-09-28T22:00:00.000Z', 60, 24, '9'],
      ['SE3', '2025-09-29T22:00:00.000Z', 60, 24, '10'],
      ['FI', '2025-09-30T22:00:00.000Z', 15, 96, '11'],
    ]);
  });

  it('gives zone null for an EIC code that is not one of our zones', () => {
    const xml = publication({ eic: '10YDE-RWENET---I', resolution: 'PT60M', start: '2025-09-14T22:00Z', end: '2025-09-14T23:00Z', points: [[1, '1']] });
    expect(only(parseDayAheadDocument(xml))).toMatchObject({ zone: null, eic: '10YDE-RWENET---I' });
  });

  it('accepts a namespace prefix instead of the default namespace, comments, CDATA, entities and a self-closing element', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<!-- written by hand -->
<pmd:Publication_MarketDocument xmlns:pmd="urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:0">
  <pmd:mRID>a&amp;b</pmd:mRID>
  <pmd:revisionNumber/>
  <pmd:TimeSeries>
    <pmd:businessType>A62</pmd:businessType>
    <pmd:in_Domain.mRID codingScheme='A01'>10YNO-4--------9</pmd:in_Domain.mRID>
    <pmd:currency_Unit.name><![CDATA[EUR]]></pmd:currency_Unit.name>
    <pmd:price_Measure_Unit.name>&#77;&#x57;H</pmd:price_Measure_Unit.name>
    <pmd:curveType>A01</pmd:curveType>
    <pmd:Period>
      <pmd:timeInterval><pmd:start>2025-09-14T22:00Z</pmd:start><pmd:end>2025-09-14T23:00Z</pmd:end></pmd:timeInterval>
      <pmd:resolution>PT60M</pmd:resolution>
      <pmd:Point><pmd:position> 1 </pmd:position><pmd:price.amount>
        12.34
      </pmd:price.amount></pmd:Point>
    </pmd:Period>
  </pmd:TimeSeries>
</pmd:Publication_MarketDocument>`;
    const series = only(parseDayAheadDocument(xml));
    expect(series).toMatchObject({ zone: 'NO4', unit: 'MWH', currency: 'EUR' });
    expect(amounts(series)).toEqual(['12.34']);
  });
});

describe('parseDayAheadDocument: acknowledgements', () => {
  it('reads reason 999 as no data', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Acknowledgement_MarketDocument
	xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0">
	<mRID>0f1b4861-0c96-4</mRID>
	<createdDateTime>2026-01-13T14:56:57Z</createdDateTime>
	<sender_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</sender_MarketParticipant.mRID>
	<sender_MarketParticipant.marketRole.type>A32</sender_MarketParticipant.marketRole.type>
	<receiver_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</receiver_MarketParticipant.mRID>
	<receiver_MarketParticipant.marketRole.type>A39</receiver_MarketParticipant.marketRole.type>
	<received_MarketDocument.createdDateTime>2026-01-13T14:56:57Z</received_MarketDocument.createdDateTime>
	<Reason>
		<code>999</code>
		<text>No matching data found for Data item ENERGY_PRICES [12.1.D] (10Y1001A1001A46L, 10Y1001A1001A46L) &amp; interval 2026-01-14T23:00:00.000Z/2026-01-15T23:00:00.000Z.</text>
	</Reason>
</Acknowledgement_MarketDocument>`;
    expect(parseDayAheadDocument(xml)).toEqual({
      kind: 'no-data',
      reason:
        'No matching data found for Data item ENERGY_PRICES [12.1.D] (10Y1001A1001A46L, 10Y1001A1001A46L) & interval 2026-01-14T23:00:00.000Z/2026-01-15T23:00:00.000Z.',
    });
  });

  // Every rejection carries reason 999 too; these texts are ENTSO-E's own for requests it refuses.
  const rejection = (text: string) => acknowledgementDocument(new Date('2026-01-13T14:58:02Z'), text);

  it.each([
    'Delivered Area EIC Code 10Y1001A1001A46X is not valid.',
    'The amount of requested data exceeds allowed limit. Requested data: 2 years, allowed: 1 year.',
    'Mandatory parameter periodStart is missing.',
  ])('throws EntsoeAcknowledgementError for a reason-999 refusal: %s', (text) => {
    const error = catchError(() => parseDayAheadDocument(rejection(text)));
    expect(error).toBeInstanceOf(EntsoeAcknowledgementError);
    expect(error).toMatchObject({ code: '999', reason: text });
  });

  it('throws for a reason 999 without any text: only the words say "no data"', () => {
    const xml = `<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0"><Reason><code>999</code></Reason></Acknowledgement_MarketDocument>`;
    expect(catchError(() => parseDayAheadDocument(xml))).toBeInstanceOf(EntsoeAcknowledgementError);
  });

  it('throws EntsoeAcknowledgementError for any other reason', () => {
    const xml = `<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0">
  <Reason><code>B18</code><text>Failure</text></Reason>
</Acknowledgement_MarketDocument>`;
    const error = catchError(() => parseDayAheadDocument(xml));
    expect(error).toBeInstanceOf(EntsoeAcknowledgementError);
    expect(error).toMatchObject({ code: 'B18', reason: 'Failure' });
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('parseDayAheadDocument: malformed documents', () => {
  const hour = { resolution: 'PT60M', start: '2025-09-14T22:00Z', end: '2025-09-15T22:00Z' };
  const cases: Array<[string, string, RegExp]> = [
    ['not XML at all', 'Service unavailable', /Malformed XML: text before the root element/],
    ['an HTML error page', '<html><body><h1>Unauthorized</h1></body></html>', /Unknown root element <html>/],
    ['an unknown root element', `<GL_MarketDocument xmlns="${NS}"/>`, /Unknown root element <GL_MarketDocument>/],
    [
      'the right name in the wrong namespace',
      '<Publication_MarketDocument xmlns="urn:example"/>',
      /Unknown root element <Publication_MarketDocument> in namespace "urn:example"/,
    ],
    [
      'a mismatched end tag',
      `<Publication_MarketDocument xmlns="${NS}"><TimeSeries></Period></Publication_MarketDocument>`,
      /end tag <\/Period> does not match <TimeSeries>/,
    ],
    [
      'a truncated document',
      publication({ ...hour, points: [[1, '1']] }).replace(/<\/Publication_MarketDocument>\s*$/, ''),
      /<Publication_MarketDocument> is never closed/,
    ],
    [
      'a document cut inside a tag',
      publication({ ...hour, points: [[1, '1']] }).replace(/<\/TimeSeries>[\s\S]*$/, '</TimeSer'),
      /expected ">" to end <\/TimeSer/,
    ],
    ['a DOCTYPE', `<!DOCTYPE x [<!ENTITY a "b">]><Publication_MarketDocument xmlns="${NS}"/>`, /DOCTYPE/],
    ['an unknown entity', publication({ ...hour, points: [[1, '1&euro;']] }), /unknown or malformed entity reference "&euro;"/],
    [
      'a missing timeInterval',
      publication({ ...hour, points: [[1, '1']] }).replace(/<timeInterval>[\s\S]*?<\/timeInterval>/, ''),
      /TimeSeries 1, Period 1: missing <timeInterval>/,
    ],
    ['an unparseable time', publication({ ...hour, start: '2025-09-14 22:00', points: [[1, '1']] }), /"2025-09-14 22:00" is not a UTC time/],
    [
      'an impossible date',
      publication({ ...hour, start: '2025-02-30T22:00Z', end: '2025-03-02T22:00Z', points: [[1, '1']] }),
      /"2025-02-30T22:00Z" is not a UTC time/,
    ],
    ['an end before the start', publication({ ...hour, end: '2025-09-14T21:00Z', points: [[1, '1']] }), /end 2025-09-14T21:00Z is not after its start/],
    ['position 0', publication({ ...hour, points: [[0, '1']] }), /position 0 is out of range 1\.\.24/],
    [
      'a position past the end',
      publication({
        ...hour,
        points: [
          [1, '1'],
          [25, '2'],
        ],
      }),
      /position 25 is out of range 1\.\.24/,
    ],
    ['a non-numeric position', publication({ ...hour, points: [['one', '1']] }), /position one is out of range/],
    [
      'a position twice',
      publication({
        ...hour,
        points: [
          [1, '1'],
          [1, '2'],
        ],
      }),
      /position 1 appears twice/,
    ],
    ['a non-numeric price', publication({ ...hour, points: [[1, 'N/A']] }), /price.amount "N\/A" at position 1 is not a decimal number/],
    ['a price with a comma', publication({ ...hour, points: [[1, '12,5']] }), /"12,5" at position 1 is not a decimal number/],
    ['an empty price', publication({ ...hour, points: [[1, '']] }), /<price.amount> is empty/],
    ['resolution PT30M', publication({ ...hour, resolution: 'PT30M', points: [[1, '1']] }), /resolution PT30M is not supported \(expected PT15M or PT60M\)/],
    ['resolution P1D', publication({ ...hour, resolution: 'P1D', points: [[1, '1']] }), /resolution P1D is not supported/],
    ['an interval that is not whole steps', publication({ ...hour, end: '2025-09-15T22:30Z', points: [[1, '1']] }), /not a whole number of PT60M steps/],
    ['an A03 curve without position 1', publication({ ...hour, points: [[2, '1']] }), /position 1 is missing/],
    [
      'an A01 curve with a gap',
      publication({ ...hour, curveType: 'A01', points: full(24).filter(([p]) => p !== 7) }),
      /position 7 is missing \(curve type A01/,
    ],
    ['an unsupported curve type', publication({ ...hour, curveType: 'A02', points: [[1, '1']] }), /curveType A02 is not supported/],
    ['another currency', publication({ ...hour, points: [[1, '1']] }).replace('>EUR<', '>SEK<'), /currency SEK is not EUR/],
    ['another unit', publication({ ...hour, points: [[1, '1']] }).replace('>MWH<', '>KWH<'), /price unit KWH is not MWH/],
    ['another business type', publication({ ...hour, points: [[1, '1']] }).replace('>A62<', '>A25<'), /businessType A25 is not day-ahead prices/],
    ['no in_Domain', publication({ ...hour, points: [[1, '1']] }).replace(/<in_Domain\.mRID[^\n]*\n/, ''), /missing <in_Domain.mRID>/],
    ['a TimeSeries without Period', publication({ ...hour, points: [[1, '1']] }).replace(/<Period>[\s\S]*<\/Period>/, ''), /TimeSeries 1: no <Period>/],
    [
      'two series for the same zone and time',
      publication({ ...hour, points: [[1, '1']] }, { ...hour, points: [[1, '2']] }),
      /Two series for SE3 both cover 2025-09-14T22:00Z/,
    ],
    ['a second root', `${publication({ ...hour, points: [[1, '1']] })}<x/>`, /a second root element/],
  ];

  it.each(cases)('refuses %s', (_what, xml, message) => {
    const error = catchError(() => parseDayAheadDocument(xml));
    expect(error).toBeInstanceOf(EntsoeFormatError);
    expect((error as Error).message).toMatch(message);
  });

  it('tells where a syntax error is', () => {
    const error = catchError(() =>
      parseDayAheadDocument(`<?xml version="1.0"?>\n<Publication_MarketDocument xmlns="${NS}">\n  <a></b>\n</Publication_MarketDocument>`),
    );
    expect((error as Error).message).toMatch(/line 3, column 6/);
  });
});
