import type { PriceZone } from '@gridline/contracts/enums';
import { EntsoeAcknowledgementError, EntsoeFormatError } from './errors.ts';
import { parseXml, XmlSyntaxError, type XmlElement } from './xml.ts';
import { zoneOfEic } from './zones.ts';

export type DayAheadPoint = {
  /** Start of the interval the price holds for. */
  start: Date;
  /** EUR/MWh as the decimal text ENTSO-E published (for example "-0.01" or "87.4"), never a float. */
  priceEurPerMwh: string;
};

/**
 * One run of equally spaced prices: one `Period` of a `TimeSeries`. A document may hold several
 * (one per delivery day, several periods per series); `points` is complete, A03 gaps filled.
 */
export type DayAheadSeries = {
  /** The zone of `in_Domain`, or null when the EIC code is not one of ours. */
  zone: PriceZone | null;
  eic: string;
  /** `classificationSequence_AttributeInstanceComponent.position`, null when absent. */
  classificationSequence: number | null;
  currency: 'EUR';
  unit: 'MWH';
  resolutionMinutes: 15 | 60;
  start: Date;
  end: Date;
  points: DayAheadPoint[];
};

export type DayAheadResult = { kind: 'prices'; series: DayAheadSeries[] } | { kind: 'no-data'; reason: string };

// The minor version of the schema has changed over the years (7:0, 7:3); the major one has not.
const PUBLICATION_NAMESPACE = /^urn:iec62325\.351:tc57wg16:451-3:publicationdocument:7:\d+$/;
const ACKNOWLEDGEMENT_NAMESPACE = /^urn:iec62325\.351:tc57wg16:451-1:acknowledgementdocument:7:\d+$/;
// ENTSO-E answers every rejection with reason code 999 ("errors not specifically identified"):
// an unknown area, a period too long, a malformed parameter and "no data yet" alike. Only the
// text tells them apart, and only "No matching data found" means that there is nothing (yet).
const UNSPECIFIED_REASON = '999';
const NO_MATCHING_DATA = /^\s*No matching data found\b/i;
const DAY_AHEAD_PRICES = 'A62';
const RESOLUTIONS: Readonly<Record<string, 15 | 60>> = { PT15M: 15, PT60M: 60 };
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
const POSITION = /^\d{1,6}$/;
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?Z$/;

/**
 * Reads an ENTSO-E answer to a day-ahead price request (documentType A44). Anything it does not
 * fully understand is an `EntsoeFormatError`: a price silently misread is worse than none.
 */
export function parseDayAheadDocument(xml: string): DayAheadResult {
  let root: XmlElement;
  try {
    root = parseXml(xml);
  } catch (error) {
    if (error instanceof XmlSyntaxError) throw new EntsoeFormatError(`Malformed XML: ${error.message}`, { cause: error });
    throw error;
  }
  const namespace = root.namespace ?? '';
  if (root.localName === 'Acknowledgement_MarketDocument' && ACKNOWLEDGEMENT_NAMESPACE.test(namespace)) return readAcknowledgement(root);
  if (root.localName === 'Publication_MarketDocument' && PUBLICATION_NAMESPACE.test(namespace)) {
    return { kind: 'prices', series: selectSeries(readPublication(root)) };
  }
  throw new EntsoeFormatError(
    `Unknown root element <${root.qname}> in namespace "${namespace}": expected a Publication_MarketDocument or an Acknowledgement_MarketDocument`,
  );
}

function readAcknowledgement(root: XmlElement): DayAheadResult {
  const reasons = childrenNamed(root, 'Reason').map((reason, i) => ({
    code: requiredText(reason, 'code', `Acknowledgement Reason ${i + 1}`),
    text: optionalText(reason, 'text', `Acknowledgement Reason ${i + 1}`) ?? '',
  }));
  const first = reasons[0];
  if (!first) throw new EntsoeFormatError('Acknowledgement_MarketDocument without a <Reason>');
  const noData = reasons.find((reason) => reason.code === UNSPECIFIED_REASON && NO_MATCHING_DATA.test(reason.text));
  if (noData) return { kind: 'no-data', reason: noData.text };
  // Anything else is a request refused (even when answered with HTTP 200): an error, never silence.
  throw new EntsoeAcknowledgementError(first.code, first.text || '(no reason text)');
}

function readPublication(root: XmlElement): DayAheadSeries[] {
  const series: DayAheadSeries[] = [];
  childrenNamed(root, 'TimeSeries').forEach((timeSeries, i) => {
    const where = `TimeSeries ${i + 1}`;
    const businessType = optionalText(timeSeries, 'businessType', where);
    if (businessType !== undefined && businessType !== DAY_AHEAD_PRICES) {
      throw new EntsoeFormatError(`${where}: businessType ${businessType} is not day-ahead prices (${DAY_AHEAD_PRICES})`);
    }
    const eic = requiredText(timeSeries, 'in_Domain.mRID', where);
    const currency = requiredText(timeSeries, 'currency_Unit.name', where);
    if (currency !== 'EUR') throw new EntsoeFormatError(`${where}: currency ${currency} is not EUR`);
    const unit = requiredText(timeSeries, 'price_Measure_Unit.name', where);
    if (unit !== 'MWH') throw new EntsoeFormatError(`${where}: price unit ${unit} is not MWH`);
    // A01 (every position listed) is the schema's default when curveType is left out.
    const curveType = optionalText(timeSeries, 'curveType', where) ?? 'A01';
    if (curveType !== 'A01' && curveType !== 'A03') throw new EntsoeFormatError(`${where}: curveType ${curveType} is not supported (expected A01 or A03)`);
    const sequenceText = optionalText(timeSeries, 'classificationSequence_AttributeInstanceComponent.position', where);
    if (sequenceText !== undefined && !/^[1-9]\d{0,3}$/.test(sequenceText)) {
      throw new EntsoeFormatError(`${where}: classification sequence "${sequenceText}" is not a positive integer`);
    }
    const periods = childrenNamed(timeSeries, 'Period');
    if (periods.length === 0) throw new EntsoeFormatError(`${where}: no <Period>`);
    periods.forEach((period, j) => {
      series.push({
        zone: zoneOfEic(eic),
        eic,
        classificationSequence: sequenceText === undefined ? null : Number(sequenceText),
        currency: 'EUR',
        unit: 'MWH',
        ...readPeriod(period, curveType, `${where}, Period ${j + 1}`),
      });
    });
  });
  return series;
}

function readPeriod(period: XmlElement, curveType: 'A01' | 'A03', where: string): Pick<DayAheadSeries, 'resolutionMinutes' | 'start' | 'end' | 'points'> {
  const interval = requiredChild(period, 'timeInterval', where);
  const start = parseInstant(requiredText(interval, 'start', `${where} timeInterval`), `${where} timeInterval start`);
  const end = parseInstant(requiredText(interval, 'end', `${where} timeInterval`), `${where} timeInterval end`);
  if (end <= start) throw new EntsoeFormatError(`${where}: timeInterval end ${iso(end)} is not after its start ${iso(start)}`);
  const resolution = requiredText(period, 'resolution', where);
  const resolutionMinutes = RESOLUTIONS[resolution];
  if (resolutionMinutes === undefined) throw new EntsoeFormatError(`${where}: resolution ${resolution} is not supported (expected PT15M or PT60M)`);
  const stepMs = resolutionMinutes * 60_000;
  const spanMs = end.getTime() - start.getTime();
  if (spanMs % stepMs !== 0) throw new EntsoeFormatError(`${where}: timeInterval ${iso(start)}/${iso(end)} is not a whole number of ${resolution} steps`);
  const count = spanMs / stepMs;

  const published = new Array<string | undefined>(count).fill(undefined);
  childrenNamed(period, 'Point').forEach((point, k) => {
    const positionText = requiredText(point, 'position', `${where} Point ${k + 1}`);
    const position = POSITION.test(positionText) ? Number(positionText) : Number.NaN;
    if (!(position >= 1 && position <= count)) {
      throw new EntsoeFormatError(`${where}: position ${positionText} is out of range 1..${count} for ${iso(start)}/${iso(end)} at ${resolution}`);
    }
    if (published[position - 1] !== undefined) throw new EntsoeFormatError(`${where}: position ${position} appears twice`);
    const amount = requiredText(point, 'price.amount', `${where} Point ${k + 1}`);
    if (!DECIMAL.test(amount)) throw new EntsoeFormatError(`${where}: price.amount "${amount}" at position ${position} is not a decimal number`);
    published[position - 1] = amount;
  });

  const points: DayAheadPoint[] = [];
  let previous: string | undefined;
  for (let i = 0; i < count; i++) {
    // A03 leaves out a point equal to the one before it, so a gap repeats the last published price.
    const price = published[i] ?? (curveType === 'A03' ? previous : undefined);
    if (price === undefined) {
      throw new EntsoeFormatError(
        i === 0
          ? `${where}: position 1 is missing, so there is no price to start from`
          : `${where}: position ${i + 1} is missing (curve type A01 lists every position)`,
      );
    }
    points.push({ start: new Date(start.getTime() + i * stepMs), priceEurPerMwh: price });
    previous = price;
  }
  return { resolutionMinutes, start, end, points };
}

/**
 * Austria publishes two auctions for the same zone and interval: sequence 1 is the SDAC price and
 * sequence 2 the separate EXAA auction. Only SDAC is "the" day-ahead price, so other sequences are
 * dropped even when no sequence 1 is present (better no price than another auction's). Anything
 * still covering the same zone and time twice is ambiguous, and refused.
 */
function selectSeries(all: DayAheadSeries[]): DayAheadSeries[] {
  const kept = all
    .filter((series) => series.classificationSequence === null || series.classificationSequence === 1)
    .sort((a, b) => a.start.getTime() - b.start.getTime() || (a.eic < b.eic ? -1 : a.eic > b.eic ? 1 : 0));
  const lastEndByEic = new Map<string, number>();
  for (const series of kept) {
    const lastEnd = lastEndByEic.get(series.eic);
    if (lastEnd !== undefined && series.start.getTime() < lastEnd) {
      throw new EntsoeFormatError(`Two series for ${series.zone ?? series.eic} both cover ${iso(series.start)}`);
    }
    lastEndByEic.set(series.eic, Math.max(lastEnd ?? 0, series.end.getTime()));
  }
  return kept;
}

function parseInstant(text: string, where: string): Date {
  const match = INSTANT.exec(text);
  if (match) {
    const [year, month, day, hour, minute, second] = match.slice(1).map((field) => Number(field ?? 0));
    const ms = Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0, hour ?? 0, minute ?? 0, second ?? 0);
    const date = new Date(ms);
    // Date.UTC rolls 2025-02-30 over into March; a round trip catches such dates.
    if (
      date.getUTCMonth() + 1 === month &&
      date.getUTCDate() === day &&
      date.getUTCHours() === hour &&
      date.getUTCMinutes() === minute &&
      date.getUTCSeconds() === second
    )
      return date;
  }
  throw new EntsoeFormatError(`${where}: "${text}" is not a UTC time like 2025-09-30T22:00Z`);
}

function iso(date: Date): string {
  return date.toISOString().replace(':00.000Z', 'Z');
}

/** Children in the parent's namespace: ENTSO-E documents put everything in the default namespace. */
function childrenNamed(parent: XmlElement, localName: string): XmlElement[] {
  return parent.children.filter((child) => child.localName === localName && child.namespace === parent.namespace);
}

function optionalChild(parent: XmlElement, localName: string, where: string): XmlElement | undefined {
  const found = childrenNamed(parent, localName);
  if (found.length > 1) throw new EntsoeFormatError(`${where}: more than one <${localName}>`);
  return found[0];
}

function requiredChild(parent: XmlElement, localName: string, where: string): XmlElement {
  const child = optionalChild(parent, localName, where);
  if (!child) throw new EntsoeFormatError(`${where}: missing <${localName}>`);
  return child;
}

function optionalText(parent: XmlElement, localName: string, where: string): string | undefined {
  const child = optionalChild(parent, localName, where);
  if (!child) return undefined;
  if (child.children.length > 0) throw new EntsoeFormatError(`${where}: <${localName}> holds elements where text was expected`);
  return child.text.trim();
}

function requiredText(parent: XmlElement, localName: string, where: string): string {
  const text = optionalText(parent, localName, where);
  if (text === undefined) throw new EntsoeFormatError(`${where}: missing <${localName}>`);
  if (text === '') throw new EntsoeFormatError(`${where}: <${localName}> is empty`);
  return text;
}
