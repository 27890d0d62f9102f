import { instantOfWallTime, keyOf, periodOf } from '@gridline/locale/calendar';
import {
  daysBetween,
  PRICES_FINAL_BY,
  type BridgeStatistics,
  type IotUserStatistics,
  type MonitoringAlert,
  type PriceDayState,
  type Statistics,
  type StatisticsKind,
  type StatisticsQuery,
} from '@gridline/contracts/statistics';
import { SCHEDULED_JOBS } from '../../jobs/catalogue.ts';
import { AppError } from '../../lib/errors.ts';
import type { AccessService } from '../access/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { DisruptionsService } from '../disruptions/service.ts';
import type { Organisation } from '../organisations/service.ts';
import type { DayCount, DayRange, StatisticsRepository } from './repository.ts';

const DAY_MS = 86_400_000;

/** Where the home page's "unanswered support messages" comes from: the support module (decision 0047). */
export interface UnansweredSupportMessages {
  /** Customers' messages of the organisation that no staff member has answered yet. */
  unanswered(organisationId: string): Promise<number>;
}

/** `YYYY-MM-DD` moved by whole calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `start` to `end`, both included. */
export function daysOf(start: string, end: string): string[] {
  const count = daysBetween(start, end);
  return Array.from({ length: Math.max(0, count) }, (_, i) => addDays(start, i));
}

/** Lines of a chart from counts per day and name: a value for every day (0 where none), in the order of `names`, then any other name found. */
export function seriesOf(days: readonly string[], counts: readonly DayCount[], names: readonly string[]): Statistics['series'] {
  const index = new Map(days.map((day, i) => [day, i]));
  const all = [...names, ...[...new Set(counts.map((c) => c.name))].filter((n) => !names.includes(n)).sort()];
  const lines = new Map(all.map((name) => [name, days.map(() => 0)]));
  for (const c of counts) {
    const i = index.get(c.day);
    const line = lines.get(c.name);
    if (i !== undefined && line) line[i] = (line[i] ?? 0) + Number(c.value);
  }
  return all.map((name) => ({ name, values: lines.get(name)! }));
}

/** When the day-ahead prices of a delivery day must be final: 13:30 CET the day before. */
export function pricesDueAt(deliveryDay: string): Date {
  const [y, m, d] = addDays(deliveryDay, -1).split('-').map(Number) as [number, number, number];
  return instantOfWallTime(Date.UTC(y, m - 1, d, PRICES_FINAL_BY.hour, PRICES_FINAL_BY.minute), PRICES_FINAL_BY.timeZone)!;
}

/**
 * A read service's lateness: the days from its latest metered day to today. Day X's readings are
 * due `delay` days after day X ends; they are late once that has passed without them, that is
 * when today is more than `delay + 1` days after the latest metered day (decision 0049).
 */
export const isLate = (daysBehind: number, delayDays: number): boolean => daysBehind > delayDays + 1;

type Queues = { platform: string[]; perOrganisation: string[] };
const jobQueues: Queues = {
  platform: SCHEDULED_JOBS.filter((d) => d.scope === 'platform').map((d) => d.queue),
  perOrganisation: SCHEDULED_JOBS.filter((d) => d.scope === 'per-organisation').map((d) => d.queue),
};

/**
 * How an organisation is doing (spec 001 §7, spec 002 §7; issue 17, decision 0049): counts per
 * day for the home page's charts, its tiles, and alerts computed from the data by the server's
 * clock. Organisation staff read their own organisation; platform staff the one they name.
 */
export class StatisticsService {
  private readonly repository: StatisticsRepository;
  private readonly deps: { access: AccessService; disruptions: DisruptionsService; support: UnansweredSupportMessages; now?: (() => number) | undefined; jobsSchema?: string; log?: (message: string, error?: unknown) => void };
  constructor(
    repository: StatisticsRepository,
    deps: { access: AccessService; disruptions: DisruptionsService; support: UnansweredSupportMessages; now?: (() => number) | undefined; jobsSchema?: string; log?: (message: string, error?: unknown) => void },
  ) {
    this.repository = repository;
    this.deps = deps;
  }

  private now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  private get schema(): string {
    return this.deps.jobsSchema ?? 'pgboss';
  }

  async statistics(staff: StaffClaims, kind: StatisticsKind, query: StatisticsQuery): Promise<Statistics> {
    const organisation = await this.deps.access.staffOrganisation(staff, query.organisation, { required: true });
    const { timeZone } = organisation;
    const range: DayRange = {
      organisationId: organisation.id,
      timeZone,
      startDate: query.start_date,
      endDate: query.end_date,
      from: periodOf(query.start_date, timeZone)!.start,
      to: periodOf(query.end_date, timeZone)!.end,
    };
    const days = daysOf(query.start_date, query.end_date);
    const answer = (series: Statistics['series']): Statistics => ({ kind, organisation: organisation.slug, timeZone, startDate: query.start_date, endDate: query.end_date, days, series });
    switch (kind) {
      case 'users':
        return answer(seriesOf(days, await this.repository.users(range), ['active', 'new']));
      case 'signIns':
        return answer(seriesOf(days, await this.repository.signIns(range), organisation.signInMethods));
      case 'accounts':
        return answer(seriesOf(days, await this.repository.accounts(range), ['new']));
      case 'prospects':
        return answer(seriesOf(days, await this.repository.prospects(range), ['started', 'signedIn', 'failed']));
      case 'readings':
        return answer(seriesOf(days, await this.repository.readings(range), ['readings', 'services']));
      case 'prices': {
        const zones = await this.repository.zones(organisation.id);
        const recorded = new Map((await this.repository.priceDays(zones, query.start_date, query.end_date)).map((r) => [`${r.zone} ${r.day}`, r.state]));
        const counts: DayCount[] = days.flatMap((day) => zones.map((zone) => ({ day, name: recorded.get(`${zone} ${day}`) ?? 'missing', value: 1 })));
        return answer(seriesOf(days, counts, ['final', 'preliminary', 'missing']));
      }
    }
  }

  async iotUsers(staff: StaffClaims, query: { organisation?: string | undefined }): Promise<IotUserStatistics> {
    const organisation = await this.deps.access.staffOrganisation(staff, query.organisation, { required: true });
    const today = keyOf(this.now(), 'day', organisation.timeZone);
    const { users } = await this.repository.summary(organisation.id, today, this.now());
    return { organisation: organisation.slug, available: false, users, usersWithDevices: 0, devices: 0 };
  }

  async bridge(staff: StaffClaims, slug: string): Promise<BridgeStatistics> {
    const organisation = await this.deps.access.staffOrganisation(staff, slug, { required: true });
    const now = this.now();
    const today = keyOf(now, 'day', organisation.timeZone);
    const [summary, readings, prices, failed, ongoing, unanswered] = await Promise.all([
      this.repository.summary(organisation.id, today, new Date(now.getTime() - 7 * DAY_MS)),
      this.readingsState(organisation, now),
      this.priceStates(organisation.id, now),
      this.repository.failedRuns(this.schema, jobQueues, organisation.id, new Date(now.getTime() - DAY_MS)),
      this.deps.disruptions.allActive(organisation),
      this.deps.support.unanswered(organisation.id),
    ]);
    const { prospectsOpen, prospectsFailed7Days, ...customers } = summary;
    return {
      organisation: organisation.slug,
      timeZone: organisation.timeZone,
      today,
      customers,
      prospects: { open: prospectsOpen, failed7Days: prospectsFailed7Days },
      readings: readings.summary,
      prices: prices.map(({ zone, today: t, tomorrow }) => ({ zone, today: t, tomorrow })),
      jobs: { failed24Hours: failed },
      disruptions: { ongoing: ongoing.length },
      support: { unanswered },
    };
  }

  /** The alerts, critical first, then the oldest; `503 MONITORING_ALERTS_FAILED` when they cannot be computed. */
  async alerts(staff: StaffClaims, query: { organisation?: string | undefined }): Promise<MonitoringAlert[]> {
    const organisation = await this.deps.access.staffOrganisation(staff, query.organisation, { required: true });
    try {
      const now = this.now();
      const [jobs, readings, prices] = await Promise.all([
        this.repository.jobsFailedTwice(this.schema, jobQueues, organisation.id),
        this.readingsState(organisation, now),
        this.priceStates(organisation.id, now),
      ]);
      const alerts: MonitoringAlert[] = [
        ...jobs.map((j): MonitoringAlert => ({
          id: `jobFailedTwice:${j.queue}:${j.organisation_id ?? 'platform'}`,
          rule: 'jobFailedTwice',
          severity: 'critical',
          messageKey: 'alerts.jobFailedTwice',
          subject: { job: j.queue },
          since: new Date(j.since).toISOString(),
          area: 'jobs',
        })),
        ...(readings.late.services > 0
          ? [
              {
                id: 'readingsLate',
                rule: 'readingsLate',
                severity: 'warning',
                messageKey: 'alerts.readingsLate',
                subject: { sites: readings.late.sites, services: readings.late.services },
                since: readings.late.since!.toISOString(),
                area: 'customers',
              } satisfies MonitoringAlert,
            ]
          : []),
        ...prices.flatMap((p): MonitoringAlert[] => {
          const found: MonitoringAlert[] = [];
          if (p.today !== 'final') found.push(priceAlert(p.zone, p.todayKey, p.today, 'critical'));
          if (now >= pricesDueAt(p.tomorrowKey) && p.tomorrow !== 'final') found.push(priceAlert(p.zone, p.tomorrowKey, p.tomorrow, p.tomorrow === 'missing' ? 'critical' : 'warning'));
          return found;
        }),
      ];
      return alerts.sort((a, b) => (a.severity === b.severity ? a.since.localeCompare(b.since) : a.severity === 'critical' ? -1 : 1));
    } catch (error) {
      this.deps.log?.('monitoring alerts failed', error);
      throw new AppError('MONITORING_ALERTS_FAILED');
    }
  }

  /** The organisation's read services: counts, lateness by days and the late ones (the `readingsLate` rule). */
  private async readingsState(organisation: Organisation, now: Date) {
    const delayDays = organisation.flags.MEASUREMENTS_DELAY_DAYS;
    const { timeZone } = organisation;
    const today = keyOf(now, 'day', timeZone);
    const services = await this.repository.latestReadings(organisation.id);
    const byDays = new Map<number, number>();
    const lateSites = new Set<string>();
    let lateServices = 0;
    let latestDay: string | null = null;
    let since: Date | null = null;
    let withReadings = 0;
    for (const s of services) {
      if (!s.latest_start) continue;
      withReadings += 1;
      const day = keyOf(new Date(s.latest_start), 'day', timeZone);
      if (latestDay === null || day > latestDay) latestDay = day;
      const daysBehind = Math.max(0, daysBetween(day, today) - 1);
      byDays.set(daysBehind, (byDays.get(daysBehind) ?? 0) + 1);
      if (isLate(daysBehind, delayDays)) {
        lateServices += 1;
        lateSites.add(s.location_id);
        const due = periodOf(addDays(day, delayDays + 2), timeZone)!.start;
        if (!since || due < since) since = due;
      }
    }
    return {
      summary: {
        delayDays,
        services: services.length,
        servicesWithReadings: withReadings,
        servicesLate: lateServices,
        latestDay,
        lateness: [...byDays].sort(([a], [b]) => a - b).map(([daysBehind, count]) => ({ daysBehind, services: count })),
      },
      late: { services: lateServices, sites: lateSites.size, since },
    };
  }

  /** Today's and tomorrow's day-ahead prices (delivery days in CET) of each zone of the organisation. */
  private async priceStates(organisationId: string, now: Date) {
    const todayKey = keyOf(now, 'day', PRICES_FINAL_BY.timeZone);
    const tomorrowKey = addDays(todayKey, 1);
    const zones = await this.repository.zones(organisationId);
    const recorded = new Map((await this.repository.priceDays(zones, todayKey, tomorrowKey)).map((r) => [`${r.zone} ${r.day}`, r.state]));
    return zones.map((zone) => ({
      zone,
      todayKey,
      tomorrowKey,
      today: (recorded.get(`${zone} ${todayKey}`) ?? null) as PriceDayState | null,
      tomorrow: (recorded.get(`${zone} ${tomorrowKey}`) ?? null) as PriceDayState | null,
    }));
  }
}

function priceAlert(zone: string, day: string, state: PriceDayState | null, severity: MonitoringAlert['severity']): MonitoringAlert {
  return {
    id: `pricesNotFinal:${zone}:${day}`,
    rule: 'pricesNotFinal',
    severity,
    messageKey: 'alerts.pricesNotFinal',
    subject: { zone, day, state },
    since: pricesDueAt(day).toISOString(),
    area: null,
  };
}
