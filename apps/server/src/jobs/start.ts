import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { AuditLogRepository, AuditRepository } from '../modules/audit/repository.ts';
import { AuditRetention } from '../modules/audit/retention.ts';
import { AuditService } from '../modules/audit/service.ts';
import type { MarketDataService } from '../modules/market/service.ts';
import { CustomersRepository } from '../modules/customers/repository.ts';
import { AccountSyncService } from '../modules/customers/sync.ts';
import { MeasurementsRepository } from '../modules/measurements/repository.ts';
import { MeasurementsService } from '../modules/measurements/service.ts';
import type { JobLog } from './log.ts';
import { openMarketSources } from './market-sources.ts';
import { JobRunner } from './runner.ts';
import { ScheduledJobsRepository } from '../modules/jobs/repository.ts';
import { ScheduledJobsService } from '../modules/jobs/service.ts';
import { AccessRepository } from '../modules/access/repository.ts';
import { AccessService } from '../modules/access/service.ts';
import { PgBossScheduleControl } from './control.ts';
import { CachesRepository } from '../modules/caches/repository.ts';
import { encode } from '../modules/caches/service.ts';
import { OrganisationsRepository } from '../modules/organisations/repository.ts';
import { SettingsRepository } from '../modules/settings/repository.ts';
import { SegmentsRepository } from '../modules/segments/repository.ts';
import { SegmentsService } from '../modules/segments/service.ts';
import { moduleRules } from '../modules/settings/module-rules.ts';
import { SettingsPublishing } from '../modules/settings/publishing.ts';

export interface StartedJobs {
  runner: JobRunner;
  /** Where market data comes from, for the start banner. */
  description: string;
  /** Stops the workers, then the simulators (if any). */
  stop(): Promise<void>;
}

/**
 * Starts the job worker of this process: the market data sources of MARKET_DATA, and the
 * runner with the day-ahead and ECB jobs, plus the demo feed when the demo has readings.
 */
export async function startJobs(options: {
  config: Pick<Config, 'marketData' | 'entsoeUrl' | 'entsoeToken' | 'ecbUrl' | 'demoData' | 'demoReadings' | 'demoToday'>;
  db: Db;
  market: MarketDataService;
  log: JobLog;
}): Promise<StartedJobs> {
  const { config, db, market, log } = options;
  const sources = await openMarketSources(config);
  let runner: JobRunner;
  try {
    runner = await JobRunner.start({
      db,
      market,
      entsoe: sources.entsoe,
      ecb: sources.ecb,
      log,
      // The staff's schedules (decision 0045), as `scheduled_jobs` keeps them.
      schedules: () => scheduledJobsOf(db).targets(),
      auditRetention: new AuditRetention(new AuditLogRepository(db), new AuditService(new AuditRepository(db))),
      settingsPublishing: settingsPublishingOf(db),
      accountSync: new AccountSyncService({ repository: new CustomersRepository(db), audit: new AuditService(new AuditRepository(db)), measurements: new MeasurementsService(new MeasurementsRepository(db)) }),
      demoFeed:
        config.demoData && config.demoReadings !== 'none'
          ? { measurements: new MeasurementsService(new MeasurementsRepository(db)), today: config.demoToday }
          : undefined,
    });
  } catch (error) {
    await sources.close();
    throw error;
  }
  return {
    runner,
    description: sources.description,
    stop: async () => {
      await runner.stop({ graceful: true, timeoutMs: 5_000 });
      await sources.close();
    },
  };
}

/** The scheduled-jobs service as the runner needs it: only its schedules (no staff calls, no control). */
function scheduledJobsOf(db: Db): ScheduledJobsService {
  return new ScheduledJobsService(new ScheduledJobsRepository(db), { access: new AccessService(new AccessRepository(db)), audit: new AuditService(new AuditRepository(db)), control: new PgBossScheduleControl(db) });
}

/**
 * The scheduled releases (decision 0054) as the job process publishes them: a release is announced
 * on the caches channel, so every API process drops the organisation's cached settings.
 */
function settingsPublishingOf(db: Db): SettingsPublishing {
  const caches = new CachesRepository(db);
  const organisations = new OrganisationsRepository(db);
  return new SettingsPublishing({
    repository: new SettingsRepository(db),
    organisationRules: moduleRules(new SegmentsService(new SegmentsRepository(db))),
    audit: new AuditService(new AuditRepository(db)),
    changed: (organisation) => caches.announce(encode({ keys: ['settings'], organisation: { id: organisation.id, slug: organisation.slug } })),
    organisationById: (id) => organisations.findById(id),
  });
}
