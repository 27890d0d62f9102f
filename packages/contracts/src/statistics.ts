import { z } from 'zod';
import { inYearRange, MAX_YEAR, MIN_YEAR, Slug } from './common.ts';
import type { StaffScope } from './staff.ts';

/*
 * How an organisation is doing (spec 001 §7 "Accounts statistics", spec 002 §7 bridge calls;
 * issue 17, decision 0049): counts per day for the back office's home page, its summary tiles,
 * and alerts computed from the data. Every figure is one organisation's; days are its own
 * (its country's time zone).
 */

/** What `GET /v3/account/statistics/{kind}` counts per day. */
export const statisticsKinds = ['users', 'signIns', 'accounts', 'prospects', 'readings', 'prices'] as const;
export const StatisticsKind = z.enum(statisticsKinds, { error: `UNKNOWN_STATISTICS_KIND: one of ${statisticsKinds.join(', ')}` });
export type StatisticsKind = z.infer<typeof StatisticsKind>;

/** The longest range one call answers (a leap year). */
export const STATISTICS_MAX_DAYS = 366;

/** Who reads the statistics: every staff scope but ORG_USER (who sees the home page without them). */
export const statisticsReaders = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_SUPPORT', 'ORG_MARKETING', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];
/** Who reads the monitoring alerts: those who act on them (jobs, readings, prices, customers). */
export const monitoringReaders = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_SUPPORT', 'ORG_DEVELOPER'] as const satisfies readonly StaffScope[];

const dateIssue = `INVALID_DATE: a day YYYY-MM-DD in the years ${MIN_YEAR}–${MAX_YEAR}`;
/** A calendar day of the organisation, bounded. */
export const StatisticsDay = z.string().max(10, dateIssue).pipe(z.iso.date({ error: dateIssue })).refine(inYearRange, dateIssue);

/** Days from one `YYYY-MM-DD` to another, both included (calendar arithmetic, no time zone). */
export function daysBetween(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The organisation (platform staff name it; organisation staff may leave it out or name their own). */
export const OrganisationQuery = z.object({ organisation: Slug.optional().describe("The organisation's slug: required for platform staff; organisation staff may name only their own") });

export const StatisticsQuery = OrganisationQuery.extend({
  start_date: StatisticsDay.describe("The first day (YYYY-MM-DD), in the organisation's time zone"),
  end_date: StatisticsDay.describe(`The last day, included; at most ${STATISTICS_MAX_DAYS} days after the first`),
})
  .refine((q) => q.end_date >= q.start_date, { message: 'INVALID_DATE_RANGE: end_date is before start_date', path: ['end_date'] })
  .refine((q) => daysBetween(q.start_date, q.end_date) <= STATISTICS_MAX_DAYS, { message: `DATE_RANGE_TOO_LONG: at most ${STATISTICS_MAX_DAYS} days`, path: ['end_date'] });
export type StatisticsQuery = z.infer<typeof StatisticsQuery>;

/** One line of a chart: a value per day of `days`, in the same order. */
export const StatisticsSeries = z.object({ name: z.string(), values: z.array(z.number()) });
export type StatisticsSeries = z.infer<typeof StatisticsSeries>;

export const Statistics = z.object({
  kind: z.enum(statisticsKinds),
  organisation: z.string(),
  timeZone: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Every day of the range, `YYYY-MM-DD`. */
  days: z.array(z.string()),
  /**
   * users: `active` (customers who signed in that day), `new` (users created);
   * signIns: one series per method (BANKID, USR_PWD, …); accounts: `new`;
   * prospects: `started`, `signedIn`, `failed` (by the day each was started);
   * readings: `readings` (meter readings of that day), `services` (services with readings that day);
   * prices: `final`, `preliminary`, `missing` (how many of the organisation's price zones had
   * that day's day-ahead prices in each state; a zone without a record counts as missing).
   */
  series: z.array(StatisticsSeries),
});
export type Statistics = z.infer<typeof Statistics>;

export const PriceDayState = z.enum(['final', 'preliminary', 'missing']);
export type PriceDayState = z.infer<typeof PriceDayState>;

/** The home page's tiles: one organisation's counts and today's state. */
export const BridgeStatistics = z.object({
  organisation: z.string(),
  timeZone: z.string(),
  /** Today in the organisation's time zone. */
  today: z.string(),
  customers: z.object({
    users: z.number().int(),
    accounts: z.number().int(),
    sites: z.number().int(),
    /** Customers who signed in today and in the last 30 days (today included). */
    activeToday: z.number().int(),
    active30Days: z.number().int(),
    newAccounts7Days: z.number().int(),
    signInsToday: z.number().int(),
  }),
  prospects: z.object({
    /** Prospects on their way to an account. */
    open: z.number().int(),
    /** Prospects of the last 7 days that failed or were abandoned. */
    failed7Days: z.number().int(),
  }),
  readings: z.object({
    /** The organisation's measurements delay (flag MEASUREMENTS_DELAY_DAYS). */
    delayDays: z.number().int(),
    /** Active services of the organisation's sites that are read (not broadband, TV, waste…). */
    services: z.number().int(),
    /** Of those, the ones with any readings. */
    servicesWithReadings: z.number().int(),
    /** Of those, the ones whose readings stopped more than the delay ago (the `readingsLate` alert). */
    servicesLate: z.number().int(),
    /** The latest day any service has readings of. */
    latestDay: z.string().nullable(),
    /** Services by how many days their latest readings are behind today. */
    lateness: z.array(z.object({ daysBehind: z.number().int(), services: z.number().int() })),
  }),
  /** Day-ahead prices of each price zone of the organisation's sites: today's and tomorrow's (null: nothing recorded). */
  prices: z.array(z.object({ zone: z.string(), today: PriceDayState.nullable(), tomorrow: PriceDayState.nullable() })),
  jobs: z.object({ failed24Hours: z.number().int() }),
  disruptions: z.object({ ongoing: z.number().int() }),
  /** Customers' support messages waiting for an answer; null while the platform has no support messages. */
  support: z.object({ unanswered: z.number().int() }),
});
export type BridgeStatistics = z.infer<typeof BridgeStatistics>;

/** Smart-home (IoT) users: the IoT module is not built yet, so no customer has a device (decision 0049). */
export const IotUserStatistics = z.object({
  organisation: z.string(),
  /** Whether the platform counts smart-home devices yet. */
  available: z.boolean(),
  users: z.number().int(),
  usersWithDevices: z.number().int(),
  devices: z.number().int(),
});
export type IotUserStatistics = z.infer<typeof IotUserStatistics>;

/** The rules an alert comes from. */
export const AlertRule = z.enum(['jobFailedTwice', 'readingsLate', 'pricesNotFinal']);
export type AlertRule = z.infer<typeof AlertRule>;
export const AlertSeverity = z.enum(['critical', 'warning']);
export type AlertSeverity = z.infer<typeof AlertSeverity>;

/** When tomorrow's day-ahead prices must be final: 13:30 CET (the auction's results are out by about 12:45). */
export const PRICES_FINAL_BY = { hour: 13, minute: 30, timeZone: 'Europe/Stockholm' } as const;

export const MonitoringAlert = z.object({
  /** Stable while the same problem lasts (rule and subject). */
  id: z.string(),
  rule: AlertRule,
  severity: AlertSeverity,
  /** The back office's text key (`alerts.<rule>`), filled with the subject. */
  messageKey: z.string(),
  subject: z.object({
    /** jobFailedTwice: the job's queue name. */
    job: z.string().optional(),
    /** pricesNotFinal: the price zone, the delivery day and its state (null: nothing recorded). */
    zone: z.string().optional(),
    day: z.string().optional(),
    state: PriceDayState.nullable().optional(),
    /** readingsLate: how many sites and services. */
    sites: z.number().int().optional(),
    services: z.number().int().optional(),
  }),
  /** Since when the problem is there (ISO instant). */
  since: z.string(),
  /** The back-office area where it is handled. */
  area: z.enum(['jobs', 'customers', 'disruptions']).nullable(),
});
export type MonitoringAlert = z.infer<typeof MonitoringAlert>;

/** The spec's message when the alerts cannot be read (001 §8, 002 §8). */
export const MONITORING_ALERTS_FAILED_MESSAGE = 'Failed to fetch monitoring alerts';
