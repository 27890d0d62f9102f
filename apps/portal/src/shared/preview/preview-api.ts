import type { Endpoint } from '@gridline/contracts/endpoint';
import type { Invoice } from '@gridline/contracts/invoices';
import type { Location } from '@gridline/contracts/locations';
import type { Distribution, MeasurementNode, MeasurementValue, ServicesData } from '@gridline/contracts/measurements';
import type { LocationTip } from '@gridline/contracts/tips';
import type { Me, User } from '@gridline/contracts/users';
import { getActiveDisruption } from '@gridline/contracts/endpoints/disruptions';
import { getInvoices } from '@gridline/contracts/endpoints/invoices';
import { getAccountLocations, getLocation } from '@gridline/contracts/endpoints/locations';
import {
  getDistribution,
  getLocationDay,
  getLocationHours,
  getLocationMonth,
  getLocationWeek,
  getLocationYear,
  getLocationYears,
  getServicesData,
} from '@gridline/contracts/endpoints/measurements';
import { getSupportMessages } from '@gridline/contracts/endpoints/support';
import { listLocationTips } from '@gridline/contracts/endpoints/tips';
import { getAccountMe, getCurrentUser } from '@gridline/contracts/endpoints/users';
import { getCopy } from '@gridline/contracts/endpoints/copy';
import { getRelease } from '@gridline/contracts/endpoints/settings';
import { childPeriods, keyOf, periodOf, type Period } from '@gridline/locale/calendar';
import { readPageData } from '../api/page-data.ts';

/**
 * The back office's theme preview of the signed-in pages (decision 0063): a demo household
 * answered here, in the browser, so that the portal's real dashboard and analysis pages can be
 * drawn with the draft theme without a customer's session and without calling the API for any
 * customer's data. Loaded only in preview mode (`isThemePreview`), as its own chunk.
 *
 * The organisation's release and copy texts are public and pass through to the server; every other
 * read answers 404 (the pages show their empty states) and every write 403 READ_ONLY_SESSION.
 */

export const PREVIEW_IDS = {
  user: '000000000000000000000a01',
  account: '000000000000000000000a02',
  membership: '000000000000000000000a03',
  location: '000000000000000000000a04',
  service: '000000000000000000000a05',
} as const;

/** What the preview takes from the organisation's public release when it passes by. */
export interface PreviewContext {
  currency: string;
  timeZone: string;
  now: Date;
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

// ---- The demo household's figures --------------------------------------------------------------

/** kWh per month of a Nordic house with electric heating, January first. */
const MONTHLY_KWH = [2100, 1900, 1700, 1250, 850, 560, 500, 560, 820, 1200, 1600, 2000];
/** Mean outdoor temperature per month, °C. */
const MONTHLY_TEMPERATURE = [-4, -4, -1, 4, 10, 15, 17, 16, 11, 6, 1, -2];
/** Mean spot price per month, per kWh excl. VAT, in units of the currency (SEK, NOK); scaled for EUR. */
const MONTHLY_PRICE = [1.25, 1.1, 0.85, 0.6, 0.45, 0.35, 0.3, 0.4, 0.55, 0.75, 1.0, 1.3];
/** Share of a day's consumption per local hour: low at night, morning and evening peaks. */
const HOURLY_SHAPE = [2.6, 2.4, 2.3, 2.3, 2.4, 2.9, 4.2, 5.4, 5.2, 4.4, 4.0, 3.9, 3.9, 3.8, 3.8, 4.0, 4.8, 6.0, 6.6, 6.2, 5.5, 4.8, 3.8, 3.0];
const HOURLY_TOTAL = HOURLY_SHAPE.reduce((a, b) => a + b, 0);
/** Price shape over the day (peaks at breakfast and dinner). */
const PRICE_SHAPE = [0.8, 0.75, 0.72, 0.72, 0.75, 0.85, 1.05, 1.3, 1.35, 1.2, 1.05, 1.0, 0.95, 0.92, 0.92, 1.0, 1.15, 1.4, 1.45, 1.3, 1.1, 0.95, 0.88, 0.82];
/** Grid fee and energy tax per kWh, added to the spot price in the cost. */
const FIXED_PER_KWH = 0.95;
/** Grams of CO₂ per kWh of the Nordic mix, winter higher. */
const MONTHLY_CO2 = [48, 46, 40, 32, 25, 20, 18, 20, 26, 34, 42, 47];

/** Local wall-clock parts of an instant in a zone. */
function wall(instant: Date, timeZone: string): { month: number; day: number; hour: number; weekday: number; daysInMonth: number } {
  const key = keyOf(instant, 'hour', timeZone); // 2026-01-15T07
  const [y, m, d, h] = [Number(key.slice(0, 4)), Number(key.slice(5, 7)), Number(key.slice(8, 10)), Number(key.slice(11, 13))];
  return { month: m - 1, day: d, hour: h, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay(), daysInMonth: new Date(Date.UTC(y, m, 0)).getUTCDate() };
}

/** A small, repeatable wobble (±12 %) so that days and hours are not all alike. */
const wobble = (n: number): number => 1 + 0.12 * Math.sin(n * 12.9898) * Math.cos(n * 4.1414);

interface HourFigures {
  kwh: number;
  cost: number;
  co2: number;
  temperature: number;
  price: number;
  co2PerKwh: number;
}

function hourFigures(start: Date, context: PreviewContext): HourFigures | null {
  if (start.getTime() + HOUR_MS > context.now.getTime()) return null;
  const w = wall(start, context.timeZone);
  const dayIndex = Math.floor(start.getTime() / DAY_MS);
  const weekend = w.weekday === 0 || w.weekday === 6 ? 1.1 : 1;
  const kwh = (MONTHLY_KWH[w.month]! / w.daysInMonth) * (HOURLY_SHAPE[w.hour]! / HOURLY_TOTAL) * wobble(dayIndex) * weekend;
  const scale = context.currency === 'EUR' ? 0.09 : 1;
  const price = MONTHLY_PRICE[w.month]! * PRICE_SHAPE[w.hour]! * wobble(dayIndex + 7) * scale;
  const co2PerKwh = MONTHLY_CO2[w.month]! * wobble(dayIndex + 3);
  const temperature = MONTHLY_TEMPERATURE[w.month]! + 3 * Math.sin(((w.hour - 9) / 24) * 2 * Math.PI) + 4 * Math.sin(dayIndex * 0.7);
  return { kwh, cost: kwh * (price * 1.25 + FIXED_PER_KWH * scale), co2: kwh * co2PerKwh, temperature, price, co2PerKwh };
}

const round = (value: number, digits = 3): number => Number(value.toFixed(digits));

/** The values of a period from its hours; totals null when it holds no reading yet. */
function periodValue(start: Date, end: Date, context: PreviewContext): MeasurementValue {
  let kwh = 0;
  let cost = 0;
  let co2 = 0;
  let temperature = 0;
  let price = 0;
  let co2PerKwh = 0;
  let hours = 0;
  for (let at = start.getTime(); at < end.getTime(); at += HOUR_MS) {
    const f = hourFigures(new Date(at), context);
    if (!f) continue;
    kwh += f.kwh;
    cost += f.cost;
    co2 += f.co2;
    temperature += f.temperature;
    price += f.price;
    co2PerKwh += f.co2PerKwh;
    hours += 1;
  }
  const known = hours > 0;
  const total = (value: number, digits = 3) => ({ total: known ? round(value, digits) : null });
  const avg = (value: number, digits = 3) => ({ avgHour: known ? round(value / hours, digits) : null });
  return {
    consumption: { ...total(kwh), certainty: known ? 1 : null },
    cost: total(cost, 2),
    co2cost: total(co2, 1),
    production: { total: null },
    cloudCover: { total: null },
    compareDegreeDays: { total: null },
    temperature: avg(temperature, 1),
    price: avg(price, 4),
    co2: avg(co2PerKwh, 1),
  };
}

function node(period: Period, children: Period[], context: PreviewContext): MeasurementNode {
  return {
    dateKey: period.key,
    date: period.start.toISOString(),
    value: periodValue(period.start, period.end, context),
    children: children.map((child) => ({
      dateKey: child.key,
      date: child.start.toISOString(),
      value: periodValue(child.start, child.end, context),
      children: [],
    })),
  };
}

/** A period by its date key with its children (months of a year, days of a month or week, hours of a day). */
export function periodNode(key: string, context: PreviewContext): MeasurementNode | null {
  const period = periodOf(key, context.timeZone);
  if (!period) return null;
  return node(period, childPeriods(key, context.timeZone), context);
}

/** The last five years, the current one last. */
export function yearsNode(context: PreviewContext): MeasurementNode {
  const current = Number(keyOf(context.now, 'year', context.timeZone));
  const years = Array.from({ length: 5 }, (_, i) => periodOf(String(current - 4 + i), context.timeZone)!);
  const first = years[0]!;
  const last = years[years.length - 1]!;
  return node({ unit: 'year', key: `${first.key}-${last.key}`, start: first.start, end: last.end }, years, context);
}

/** The hour's readings as metered: four quarters. */
export function hourNode(start: Date, context: PreviewContext): MeasurementNode {
  const end = new Date(start.getTime() + HOUR_MS);
  const quarters = [0, 15, 30, 45].map((minute) => {
    const from = new Date(start.getTime() + minute * 60_000);
    const value = periodValue(start, end, context);
    const quarter = (t: { total: number | null }) => ({ total: t.total === null ? null : round(t.total / 4, 3) });
    return {
      dateKey: `${keyOf(start, 'hour', context.timeZone).slice(11, 13)}:${String(minute).padStart(2, '0')}`,
      date: from.toISOString(),
      value: {
        ...value,
        consumption: { ...quarter(value.consumption), certainty: value.consumption.certainty },
        cost: { total: null },
        co2cost: quarter(value.co2cost),
      },
      children: [],
    };
  });
  return {
    dateKey: keyOf(start, 'hour', context.timeZone),
    date: start.toISOString(),
    value: { ...periodValue(start, end, context), cost: { total: null } },
    children: quarters,
  };
}

const PARTS = [
  ['night', 0, 6],
  ['morning', 6, 10],
  ['day', 10, 17],
  ['evening', 17, 24],
] as const;

/** A month by part of the local day. */
export function distribution(month: string, type: 'consumption' | 'cost' | 'environment', context: PreviewContext): Distribution | null {
  const period = periodOf(month, context.timeZone);
  const unit = type === 'consumption' ? 'kWh' : type === 'cost' ? context.currency : 'gCO2';
  if (!period || period.unit !== 'month') return null;
  const sums = { night: 0, morning: 0, day: 0, evening: 0 };
  let any = false;
  for (let at = period.start.getTime(); at < period.end.getTime(); at += HOUR_MS) {
    const f = hourFigures(new Date(at), context);
    if (!f) continue;
    any = true;
    const hour = wall(new Date(at), context.timeZone).hour;
    const part = PARTS.find(([, from, to]) => hour >= from && hour < to)![0];
    sums[part] += type === 'consumption' ? f.kwh : type === 'cost' ? f.cost : f.co2;
  }
  if (!any) return { dateKey: month, parts: [], total: null, unit };
  const total = sums.night + sums.morning + sums.day + sums.evening;
  return {
    dateKey: month,
    parts: PARTS.map(([type]) => ({ type, value: round(sums[type], 4), share: round(sums[type] / total, 4), unit })),
    total: round(total, 4),
    unit,
  };
}

/** The service's last 12 months and the current month. */
export function servicesData(context: PreviewContext): ServicesData {
  const currentKey = keyOf(context.now, 'month', context.timeZone);
  const current = periodOf(currentKey, context.timeZone)!;
  const months: Period[] = [];
  let start = current.start;
  for (let i = 0; i < 12; i += 1) {
    const key = keyOf(new Date(start.getTime() - DAY_MS), 'month', context.timeZone);
    const period = periodOf(key, context.timeZone)!;
    months.unshift(period);
    start = period.start;
  }
  const figures = (p: Period) => {
    const v = periodValue(p.start, p.end, context);
    return { dateKey: p.key, consumption: v.consumption.total, cost: v.cost.total };
  };
  const lastHour = new Date(Math.floor(context.now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS);
  const now = hourFigures(lastHour, context);
  return {
    services: [
      {
        serviceId: PREVIEW_IDS.service,
        serviceType: 'consumption_trade',
        type: 'CONSUMPTION',
        readingPeriod: 'hourly',
        unit: 'kWh',
        history: [...months, current].slice(-12).map(figures),
        overview: { current: { total: figures(current), now: now ? { date: lastHour.toISOString(), value: round(now.kwh) } : null } },
      },
    ],
  };
}

// ---- The demo household -------------------------------------------------------------------------

export function location(context: PreviewContext): Location {
  const since = new Date(context.now.getTime() - 6 * 365 * DAY_MS).toISOString();
  return {
    _id: PREVIEW_IDS.location,
    accountId: PREVIEW_IDS.account,
    status: 'ACTIVE',
    startDate: since,
    type: 'CONSUMPTION',
    position: { address: 'Björkvägen 12', zipcode: '123 45', city: 'Solvik' },
    address: 'Björkvägen 12',
    zipCode: '123 45',
    city: 'Solvik',
    area: 'Solvik',
    priceZone: 'SE3',
    pricezone: 'SE3',
    latitude: 59.33,
    longitude: 18.06,
    timeZone: context.timeZone,
    provider: { siteId: 'DEMO-1001' },
    services: [
      {
        _id: PREVIEW_IDS.service,
        type: 'CONSUMPTION',
        serviceType: 'consumption_trade',
        status: 'active',
        readingPeriod: 'hourly',
        startDate: since,
        endDate: null,
        provider: { siteId: 'DEMO-1001' },
      },
    ],
    extras: { propertyType: 'HOUSE', numberOfResidens: 4, size: 145, heating: 'heatPump' },
    accountOwner: { _id: PREVIEW_IDS.user },
    users: [PREVIEW_IDS.user],
  };
}

export function user(context: PreviewContext): User {
  return {
    _id: PREVIEW_IDS.user,
    organisation: 'preview',
    username: null,
    email: 'alex.demo@example.com',
    firstName: 'Alex',
    lastName: 'Lindqvist',
    fullName: 'Alex Lindqvist',
    phoneNumber: null,
    language: null,
    customerNumber: '100200',
    accountOwner: true,
    activeAccountId: PREVIEW_IDS.account,
    accounts: [
      {
        _id: PREVIEW_IDS.membership,
        accountId: PREVIEW_IDS.account,
        role: 'OWNER',
        account: {
          _id: PREVIEW_IDS.account,
          accountId: PREVIEW_IDS.account,
          type: 'CUSTOMER',
          provider: { customerId: '100200' },
          accountOwner: PREVIEW_IDS.user,
        },
      },
    ],
    locations: [location(context)],
    createdAt: new Date(context.now.getTime() - 6 * 365 * DAY_MS).toISOString(),
    lastSeen: context.now.toISOString(),
    deletionRequestedAt: null,
  };
}

const me: Me = {
  accountId: PREVIEW_IDS.account,
  accountOwner: { _id: PREVIEW_IDS.user, email: 'alex.demo@example.com', firstName: 'Alex', lastName: 'Lindqvist', phoneNumber: null },
  users: [{ _id: PREVIEW_IDS.user, email: 'alex.demo@example.com', firstName: 'Alex', lastName: 'Lindqvist', phoneNumber: null, role: 'OWNER' }],
  provider: { customerId: '100200' },
};

/** Four monthly invoices, the newest unpaid; amounts from the sample figures of their months. */
export function invoices(context: PreviewContext): Invoice[] {
  const list: Invoice[] = [];
  let monthStart = periodOf(keyOf(context.now, 'month', context.timeZone), context.timeZone)!.start;
  for (let i = 0; i < 4; i += 1) {
    const month = periodOf(keyOf(new Date(monthStart.getTime() - DAY_MS), 'month', context.timeZone), context.timeZone)!;
    const cost = periodValue(month.start, month.end, context).cost.total ?? 0;
    const created = new Date(month.end.getTime() + 3 * DAY_MS);
    const id = `000000000000000000000b0${i + 1}`;
    list.push({
      _id: id,
      id: String(7_200_410 - i),
      ocr: `7200410${i}`,
      accountId: PREVIEW_IDS.account,
      locationId: PREVIEW_IDS.location,
      startDate: month.start.toISOString(),
      endDate: new Date(month.end.getTime() - 1).toISOString(),
      dueDate: new Date(created.getTime() + 27 * DAY_MS).toISOString(),
      createDate: created.toISOString(),
      month: month.key,
      currency: context.currency,
      invoiceStatus: i === 0 ? 'UNPAID' : 'PAID',
      invoice: { type: 'pdf', provider: { name: 'preview', documentId: id } },
      info: [{ key: 'totalAmount', value: Math.round(cost + 49) }],
    });
    monthStart = month.start;
  }
  return list;
}

const TIPS: Record<string, [string, string][]> = {
  en: [
    ['Lower the indoor temperature by one degree', 'Each degree less saves about five per cent of the heating.'],
    ['Run the dishwasher at night', 'Electricity is often cheapest between midnight and six.'],
    ['Seal draughty windows', 'Weather strips keep the warmth in during the winter.'],
  ],
  sv: [
    ['Sänk inomhustemperaturen en grad', 'Varje grad mindre sparar ungefär fem procent av uppvärmningen.'],
    ['Kör diskmaskinen på natten', 'Elen är ofta billigast mellan midnatt och sex.'],
    ['Täta dragiga fönster', 'Tätningslister håller värmen inne under vintern.'],
  ],
};

export function tips(language: string | null, context: PreviewContext): LocationTip[] {
  const chosen = language && TIPS[language] ? language : 'en';
  const at = new Date(context.now.getTime() - 30 * DAY_MS).toISOString();
  return TIPS[chosen]!.map(([title, body], i) => ({
    tipId: `000000000000000000000c0${i + 1}`,
    title,
    body,
    language: chosen as LocationTip['language'],
    completed: i === 2,
    createdAt: at,
    updatedAt: at,
  }));
}

// ---- The preview's answers ----------------------------------------------------------------------

export interface PreviewAnswer {
  status: number;
  body: unknown;
}

type Params = Record<string, string>;

interface PreviewRoute {
  endpoint: Endpoint;
  /** The envelope's data, or null for 404. */
  answer(params: Params, query: URLSearchParams, context: PreviewContext): unknown;
  /** Paths (with query) the unit test asks, so every answer is checked against its contract. */
  examples: string[];
}

const ok = (data: unknown) => data;
const mine = (params: Params) => params['id'] === PREVIEW_IDS.location || params['locationId'] === PREVIEW_IDS.location;
const L = `/v4/demo/locations/${PREVIEW_IDS.location}`;

/** Every read of the dashboard, the analysis page and the frame around them. */
export const previewRoutes: PreviewRoute[] = [
  { endpoint: getCurrentUser, answer: (_p, _q, c) => ok(user(c)), examples: ['/v4/demo/users/me'] },
  { endpoint: getAccountMe, answer: (p) => (p['accountId'] === PREVIEW_IDS.account ? me : null), examples: [`/v4/demo/accounts/${PREVIEW_IDS.account}/me`] },
  {
    endpoint: getAccountLocations,
    answer: (p, _q, c) => (p['accountId'] === PREVIEW_IDS.account ? [location(c)] : null),
    examples: [`/v4/demo/locations/accounts/${PREVIEW_IDS.account}`],
  },
  {
    endpoint: getLocation,
    answer: (p, q, c) => (p['accountId'] === PREVIEW_IDS.account && q.get('id') === PREVIEW_IDS.location ? location(c) : null),
    examples: [`/v4/demo/locations/accounts/${PREVIEW_IDS.account}/location?id=${PREVIEW_IDS.location}`],
  },
  {
    endpoint: getInvoices,
    answer: (p, q, c) => {
      if (p['accountId'] !== PREVIEW_IDS.account) return null;
      const all = invoices(c);
      const limit = Number(q.get('limit') ?? 24) || 24;
      const page = Number(q.get('page') ?? 1) || 1;
      return { data: all.slice((page - 1) * limit, page * limit), pagination: { limit, page, total: all.length } };
    },
    examples: [`/v4/demo/invoices/accounts/${PREVIEW_IDS.account}/invoices?limit=3&page=1`],
  },
  {
    endpoint: listLocationTips,
    answer: (p, q, c) => (mine(p) ? tips(q.get('language'), c) : null),
    examples: [`/v3/tips/${PREVIEW_IDS.location}?language=sv`, `/v3/tips/${PREVIEW_IDS.location}?language=fi`],
  },
  { endpoint: getActiveDisruption, answer: () => null, examples: ['/v4/disruptions/mypages/active-disruption'] },
  { endpoint: getSupportMessages, answer: () => [], examples: ['/v4/demo/support/messages?markAsRead=false'] },
  { endpoint: getServicesData, answer: (p, _q, c) => (mine(p) ? servicesData(c) : null), examples: [`${L}/services-data`] },
  { endpoint: getLocationYears, answer: (p, _q, c) => (mine(p) ? yearsNode(c) : null), examples: [`${L}/data/year/`] },
  ...[getLocationYear, getLocationMonth, getLocationWeek, getLocationDay].map((endpoint): PreviewRoute => ({
    endpoint,
    answer: (p, _q, c) => (mine(p) ? periodNode(p['key'] ?? '', c) : null),
    examples: [`${L}/data/${endpoint.path.split('/')[6]}/${String(endpoint.examples?.params?.['key'])}`],
  })),
  {
    endpoint: getLocationHours,
    answer: (p, q, c) => {
      const start = new Date(q.get('start_date') ?? '');
      return mine(p) && !Number.isNaN(start.getTime()) ? hourNode(start, c) : null;
    },
    examples: [`${L}/data/hour?start_date=2025-10-26T06:00:00.000Z&end_date=2025-10-26T07:00:00.000Z`],
  },
  {
    endpoint: getDistribution,
    answer: (p, q, c) => {
      const type = q.get('type') ?? 'consumption';
      if (!mine(p) || (type !== 'consumption' && type !== 'cost' && type !== 'environment')) return null;
      return distribution(p['key'] ?? '', type, c);
    },
    examples: [
      `${L}/data/distribution/2025-01?type=consumption`,
      `${L}/data/distribution/2025-07?type=cost`,
      `${L}/data/distribution/2025-10?type=environment`,
    ],
  },
];

/** The public reads that go to the server as usual. */
const passThrough: Endpoint[] = [getRelease, getCopy];

const pattern = (path: string): RegExp => new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`);
const compiled = previewRoutes.map((route) => ({ route, regex: pattern(route.endpoint.path) }));
const passing = passThrough.map((endpoint) => ({ endpoint, regex: pattern(endpoint.path) }));

const error = (status: number, key: string, message: string): PreviewAnswer => ({ status, body: { name: 'ApiError', status, key, message, uid: 'preview' } });

/**
 * The preview's answer to a request, or `'server'` for the public reads that go to the server.
 * Writes answer 403 READ_ONLY_SESSION; unknown reads 404 NOT_FOUND.
 */
export function previewAnswer(method: string, url: URL, context: PreviewContext): PreviewAnswer | 'server' {
  const path = url.pathname;
  if (method === 'GET' && passing.some(({ regex }) => regex.test(path))) return 'server';
  if (method !== 'GET') return error(403, 'READ_ONLY_SESSION', 'The theme preview shows sample data and changes nothing');
  for (const { route, regex } of compiled) {
    if (route.endpoint.method !== 'GET') continue;
    const match = regex.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(Object.entries(match.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]));
    const data = route.answer(params, url.searchParams, context);
    if (data === null && route.endpoint !== getActiveDisruption) break;
    if (route.endpoint.response && 'paged' in route.endpoint.response && route.endpoint.response.paged) {
      const paged = data as { data: unknown; pagination: unknown };
      return { status: 200, body: { status: 200, data: paged.data, pagination: paged.pagination } };
    }
    return { status: 200, body: { status: 200, data } };
  }
  return error(404, 'NOT_FOUND', 'The theme preview has no such sample');
}

/** The `fetch` of the portal's API client in preview mode. */
export function createPreviewFetch(
  serverFetch: typeof fetch,
  now: () => Date = () => new Date(),
  organisation: { currency?: string; timeZone?: string } | undefined = typeof document === 'undefined' ? undefined : readPageData().release?.organisation,
): typeof fetch {
  // The organisation's currency and time zone, from the release the page carries or passes by.
  const context = { currency: organisation?.currency ?? 'SEK', timeZone: organisation?.timeZone ?? 'Europe/Stockholm' };
  const releasePath = pattern(getRelease.path);
  return async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, globalThis.location?.origin ?? 'http://localhost');
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const answer = previewAnswer(method, url, { ...context, now: now() });
    if (answer === 'server') {
      const response = await serverFetch(input, init);
      if (releasePath.test(url.pathname) && response.ok) {
        // The organisation's currency and time zone make the samples its own.
        try {
          const release = (await response.clone().json()) as { data?: { organisation?: { currency?: string; timeZone?: string } } };
          context.currency = release.data?.organisation?.currency ?? context.currency;
          context.timeZone = release.data?.organisation?.timeZone ?? context.timeZone;
        } catch {
          // Not readable: the defaults stay.
        }
      }
      return response;
    }
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  };
}
