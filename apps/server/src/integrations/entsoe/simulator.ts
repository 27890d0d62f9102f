import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { PriceZone } from '@gridline/contracts/enums';
import { addDays, deliveryDayOf, deliveryDayPeriod, marketWallClock, resolutionOfDeliveryDay } from './delivery-day.ts';
import { eicOfZone, zoneOfEic } from './zones.ts';
import { answeringServer, listenLocally, plain, type Answer } from '../simulator-server.ts';

/** EUR/MWh for the interval starting at `intervalStart`; the simulator rounds it to cents. */
export type SimulatedPrice = (zone: PriceZone, intervalStart: Date, resolutionMinutes: 15 | 60) => number;

export type EntsoeSimulatorOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** When given, any other token is refused with 401; otherwise any non-empty token is accepted. */
  validToken?: string;
  prices?: SimulatedPrice;
  /** The simulator's clock: prices exist up to and including tomorrow's delivery day. */
  now?: () => Date;
  /** ENTSO-E allows 400 requests a minute per token and then bans the token for ten minutes. */
  requestsPerMinute?: number;
};

export type EntsoeSimulator = {
  /** Use as the client's baseUrl, like `https://web-api.tp.entsoe.eu/api`. */
  url: string;
  close(): Promise<void>;
};

const PUBLICATION_NAMESPACE = 'urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:3';
const ACKNOWLEDGEMENT_NAMESPACE = 'urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0';
const TRANSPARENCY_PLATFORM = '10X1001A1001A450';
const PERIOD_PARAMETER = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const MAX_PERIOD_MS = 366 * 86_400_000;
const BAN_MS = 10 * 60_000;

/**
 * A local stand-in for the ENTSO-E Transparency Platform API, day-ahead prices (A44) only. It
 * answers the way ENTSO-E does: whole CET/CEST delivery days as A03 curves (a price equal to the
 * one before is left out), PT15M from 2025-10-01 and PT60M before, two auctions for Austria,
 * an Acknowledgement with reason 999 when there is no data, 400 for a bad request, 401 for a
 * bad token and 429 past the rate limit.
 */
export async function createEntsoeSimulator(options: EntsoeSimulatorOptions = {}): Promise<EntsoeSimulator> {
  const price = options.prices ?? simulatedDayAheadPrice;
  const now = options.now ?? (() => new Date());
  const requestsPerMinute = options.requestsPerMinute ?? 400;
  const usage = new Map<string, { minute: number; count: number; bannedUntil: number }>();

  const respond = (request: IncomingMessage): Answer => {
    const url = new URL(request.url ?? '/', 'http://simulator');
    if (url.pathname !== '/api') return plain(404, 'Not Found');
    if (request.method !== 'GET') return { ...plain(405, 'Method Not Allowed'), headers: { allow: 'GET' } };
    const query = url.searchParams;
    const token = query.get('securityToken');
    if (!token || (options.validToken !== undefined && token !== options.validToken)) {
      return { status: 401, contentType: 'text/html; charset=utf-8', body: '<html><body><h1>Unauthorized</h1></body></html>' };
    }

    const at = now().getTime();
    const use = usage.get(token) ?? { minute: -1, count: 0, bannedUntil: 0 };
    usage.set(token, use);
    const minute = Math.floor(at / 60_000);
    if (use.minute !== minute) Object.assign(use, { minute, count: 0 });
    use.count += 1;
    if (use.bannedUntil <= at && use.count > requestsPerMinute) use.bannedUntil = at + BAN_MS;
    if (use.bannedUntil > at) {
      return { ...plain(429, 'Too Many Requests'), headers: { 'retry-after': String(Math.ceil((use.bannedUntil - at) / 1000)) } };
    }

    const documentType = query.get('documentType');
    if (documentType !== 'A44')
      return acknowledgement(400, now(), `documentType ${documentType ?? '(missing)'} is not served by this simulator; only A44 (day-ahead prices) is.`);
    const inDomain = query.get('in_Domain') ?? '';
    const outDomain = query.get('out_Domain') ?? '';
    const zone = zoneOfEic(inDomain);
    if (!zone) return acknowledgement(400, now(), `in_Domain "${inDomain}" is not a known bidding zone EIC code.`);
    if (outDomain !== inDomain) return acknowledgement(400, now(), `out_Domain must equal in_Domain for documentType A44, got "${outDomain}".`);
    const periodStart = parsePeriodParameter(query.get('periodStart'));
    const periodEnd = parsePeriodParameter(query.get('periodEnd'));
    if (!periodStart || !periodEnd) return acknowledgement(400, now(), 'periodStart and periodEnd are required as yyyyMMddHHmm (UTC).');
    if (periodEnd <= periodStart) return acknowledgement(400, now(), 'periodEnd must be after periodStart.');
    if (periodEnd.getTime() - periodStart.getTime() > MAX_PERIOD_MS)
      return acknowledgement(400, now(), 'The amount of requested data exceeds the allowed limit of one year.');

    // Prices for tomorrow are out after the noon auction; nothing exists beyond tomorrow.
    const lastPublished = addDays(deliveryDayOf(now()), 1);
    const days: string[] = [];
    const lastRequested = deliveryDayOf(new Date(periodEnd.getTime() - 1));
    for (let day = deliveryDayOf(periodStart); day <= lastRequested && day <= lastPublished; day = addDays(day, 1)) days.push(day);
    if (days.length === 0) {
      return acknowledgement(
        200,
        now(),
        `No matching data found for Data item ENERGY_PRICES [12.1.D] (${inDomain}, ${outDomain}) and interval ${periodStart.toISOString()}/${periodEnd.toISOString()}.`,
      );
    }
    return { status: 200, contentType: 'application/xml', body: publication(zone, days, price, now()) };
  };

  const server = await listenLocally(answeringServer(respond), options);
  return { url: `${server.origin}/api`, close: server.close };
}

function parsePeriodParameter(value: string | null): Date | null {
  const match = PERIOD_PARAMETER.exec(value ?? '');
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 0, hour ?? 0, minute ?? 0));
  return date.getUTCMonth() + 1 === month && date.getUTCDate() === day && date.getUTCHours() === hour ? date : null;
}

function publication(zone: PriceZone, days: string[], price: SimulatedPrice, created: Date): string {
  const eic = eicOfZone(zone);
  const first = deliveryDayPeriod(days[0] ?? '');
  const last = deliveryDayPeriod(days.at(-1) ?? '');
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<Publication_MarketDocument xmlns="${PUBLICATION_NAMESPACE}">`,
    `  <mRID>${randomUUID().replaceAll('-', '')}</mRID>`,
    '  <revisionNumber>1</revisionNumber>',
    '  <type>A44</type>',
    `  <sender_MarketParticipant.mRID codingScheme="A01">${TRANSPARENCY_PLATFORM}</sender_MarketParticipant.mRID>`,
    '  <sender_MarketParticipant.marketRole.type>A32</sender_MarketParticipant.marketRole.type>',
    `  <receiver_MarketParticipant.mRID codingScheme="A01">${TRANSPARENCY_PLATFORM}</receiver_MarketParticipant.mRID>`,
    '  <receiver_MarketParticipant.marketRole.type>A33</receiver_MarketParticipant.marketRole.type>',
    `  <createdDateTime>${isoSeconds(created)}</createdDateTime>`,
    '  <period.timeInterval>',
    `    <start>${isoMinutes(first.start)}</start>`,
    `    <end>${isoMinutes(last.end)}</end>`,
    '  </period.timeInterval>',
  ];
  let seriesNumber = 0;
  for (const day of days) {
    const resolutionMinutes = resolutionOfDeliveryDay(day);
    // Austria also has the EXAA auction, published as classification sequence 2 and, as ENTSO-E
    // does, not necessarily after sequence 1 in the document.
    const auctions: Array<{ sequence: number | null; at: (start: Date) => number }> =
      zone === 'AT'
        ? [
            { sequence: 2, at: (start) => exaaPrice(price(zone, start, resolutionMinutes)) },
            { sequence: 1, at: (start) => price(zone, start, resolutionMinutes) },
          ]
        : [{ sequence: null, at: (start) => price(zone, start, resolutionMinutes) }];
    for (const auction of auctions) {
      seriesNumber += 1;
      lines.push(...timeSeries(seriesNumber, eic, auction.sequence, day, resolutionMinutes, auction.at));
    }
  }
  lines.push('</Publication_MarketDocument>', '');
  return lines.join('\n');
}

function timeSeries(mRID: number, eic: string, sequence: number | null, day: string, resolutionMinutes: 15 | 60, priceAt: (start: Date) => number): string[] {
  const { start, end } = deliveryDayPeriod(day);
  const stepMs = resolutionMinutes * 60_000;
  const lines = [
    '  <TimeSeries>',
    `    <mRID>${mRID}</mRID>`,
    '    <auction.type>A01</auction.type>',
    '    <businessType>A62</businessType>',
    `    <in_Domain.mRID codingScheme="A01">${eic}</in_Domain.mRID>`,
    `    <out_Domain.mRID codingScheme="A01">${eic}</out_Domain.mRID>`,
    '    <contract_MarketAgreement.type>A01</contract_MarketAgreement.type>',
    '    <currency_Unit.name>EUR</currency_Unit.name>',
    '    <price_Measure_Unit.name>MWH</price_Measure_Unit.name>',
    ...(sequence === null
      ? []
      : [`    <classificationSequence_AttributeInstanceComponent.position>${sequence}</classificationSequence_AttributeInstanceComponent.position>`]),
    '    <curveType>A03</curveType>',
    '    <Period>',
    '      <timeInterval>',
    `        <start>${isoMinutes(start)}</start>`,
    `        <end>${isoMinutes(end)}</end>`,
    '      </timeInterval>',
    `      <resolution>PT${resolutionMinutes}M</resolution>`,
  ];
  let previous: string | null = null;
  for (let position = 1, t = start.getTime(); t < end.getTime(); position++, t += stepMs) {
    const amount = formatPrice(priceAt(new Date(t)));
    // A03: a point equal to the one before is left out.
    if (amount === previous) continue;
    lines.push('      <Point>', `        <position>${position}</position>`, `        <price.amount>${amount}</price.amount>`, '      </Point>');
    previous = amount;
  }
  lines.push('    </Period>', '  </TimeSeries>');
  return lines;
}

function acknowledgement(status: number, created: Date, reason: string): Answer {
  return { status, contentType: 'application/xml', body: acknowledgementDocument(created, reason) };
}

/** An Acknowledgement_MarketDocument as ENTSO-E answers a request it refuses or has no data for (reason 999 for both). */
export function acknowledgementDocument(created: Date, reason: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Acknowledgement_MarketDocument',
    `\txmlns="${ACKNOWLEDGEMENT_NAMESPACE}">`,
    `\t<mRID>${randomUUID().slice(0, 15)}</mRID>`,
    `\t<createdDateTime>${isoSeconds(created)}</createdDateTime>`,
    `\t<sender_MarketParticipant.mRID codingScheme="A01">${TRANSPARENCY_PLATFORM}</sender_MarketParticipant.mRID>`,
    '\t<sender_MarketParticipant.marketRole.type>A32</sender_MarketParticipant.marketRole.type>',
    `\t<receiver_MarketParticipant.mRID codingScheme="A01">${TRANSPARENCY_PLATFORM}</receiver_MarketParticipant.mRID>`,
    '\t<receiver_MarketParticipant.marketRole.type>A39</receiver_MarketParticipant.marketRole.type>',
    `\t<received_MarketDocument.createdDateTime>${isoSeconds(created)}</received_MarketDocument.createdDateTime>`,
    '\t<Reason>',
    '\t\t<code>999</code>',
    `\t\t<text>${escapeXml(reason)}</text>`,
    '\t</Reason>',
    '</Acknowledgement_MarketDocument>',
    '',
  ].join('\n');
}

/** For element text (quotes need no escaping there). */
function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function isoMinutes(date: Date): string {
  return `${date.toISOString().slice(0, 16)}Z`;
}

function isoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** Cents, written the way ENTSO-E writes them: no trailing zeros, no "-0" ("87.4", "-0.01", "52"). */
export function formatPrice(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not a price: ${value}`);
  const cents = Math.round(value * 100);
  const abs = Math.abs(cents);
  const fraction = abs % 100;
  const decimals = fraction === 0 ? '' : `.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}${decimals}`;
}

// Typical price levels (EUR/MWh): the hydro-rich north is cheap, the south and Austria dear.
const ZONE_LEVEL: Readonly<Record<PriceZone, number>> = {
  SE1: 30,
  SE2: 32,
  SE3: 55,
  SE4: 82,
  NO1: 60,
  NO2: 64,
  NO3: 36,
  NO4: 26,
  NO5: 57,
  FI: 66,
  AT: 102,
};

// Relative price by hour of the market day: cheap nights, a morning peak and a higher evening one.
const HOURLY_SHAPE = [
  0.74, 0.7, 0.67, 0.66, 0.68, 0.76, 0.92, 1.14, 1.27, 1.2, 1.08, 1.0, 0.95, 0.93, 0.96, 1.03, 1.16, 1.36, 1.44, 1.36, 1.2, 1.05, 0.93, 0.82,
];

/**
 * The simulator's default prices: deterministic (the same zone and interval always give the same
 * price) and shaped like the real market: cheap nights, morning and evening peaks, dearer winters,
 * solar-depressed summer middays with a few negative hours, cheaper weekends, a weather factor per
 * day and zone levels from the cheap north (SE1, SE2, NO4) to dear SE4, FI and AT.
 */
export function simulatedDayAheadPrice(zone: PriceZone, intervalStart: Date, resolutionMinutes: 15 | 60): number {
  const clock = marketWallClock(intervalStart);
  const day = deliveryDayOf(intervalStart);
  const dayStart = Date.UTC(clock.year, clock.month - 1, clock.day);
  const dayOfYear = (dayStart - Date.UTC(clock.year, 0, 1)) / 86_400_000 + 1;
  const weekday = new Date(dayStart).getUTCDay();
  const winter = Math.cos((2 * Math.PI * (dayOfYear - 15)) / 365.25); // 1 mid-January, −1 mid-July
  const summer = Math.max(0, -winter);
  const weekend = weekday === 6 || weekday === 0;

  const negativeOdds = weekend ? 0.35 : 0.06;
  if (summer > 0.5 && clock.hour >= 11 && clock.hour < 15 && unit(`negative|${zone}|${day}`) < negativeOdds) {
    // A flat block, as when solar and wind flood the market.
    return -(1 + Math.floor(900 * unit(`depth|${zone}|${day}`))) / 100;
  }

  // Some quarter-hours follow the hour's price, so that A03 has repeats to leave out.
  const flat = resolutionMinutes === 60 || unit(`flat|${zone}|${day}|${clock.hour}`) < 0.35;
  const hour = clock.hour + (flat ? 0 : clock.minute / 60);
  const index = Math.floor(hour) % 24;
  const within = hour - Math.floor(hour);
  let shape = (HOURLY_SHAPE[index] ?? 1) * (1 - within) + (HOURLY_SHAPE[(index + 1) % 24] ?? 1) * within;
  if (hour >= 9 && hour < 17) shape *= 1 - 0.45 * summer * Math.sin((Math.PI * (hour - 9)) / 8);

  const season = 1 + 0.4 * winter;
  const weekendFactor = weekday === 6 ? 0.88 : weekday === 0 ? 0.8 : 1;
  // Weather: one factor for the whole market that day and a smaller one per zone.
  const weather = (0.65 + 0.7 * unit(`market|${day}`)) * (0.88 + 0.24 * unit(`${zone}|${day}`));
  return ZONE_LEVEL[zone] * season * shape * weekendFactor * weather;
}

/** The EXAA auction clears close to SDAC but not on it. */
function exaaPrice(sdac: number): number {
  return sdac * 1.02 + 0.37;
}

/** A deterministic number in [0, 1) from a key: FNV-1a, then murmur3's finaliser. */
function unit(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  // FNV-1a alone barely moves the high bits when only the last character differs (hour 1 vs 2).
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 0x1_0000_0000;
}
