import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { Db } from './database.ts';
import * as foundation from './migrations/0001_foundation.ts';
import * as copyTexts from './migrations/0002_copy_texts.ts';
import * as settingsReleases from './migrations/0003_settings_releases.ts';
import * as measurements from './migrations/0004_measurements.ts';
import * as apiTokens from './migrations/0005_api_tokens.ts';
import * as tariffsAndCost from './migrations/0006_tariffs_and_cost.ts';
import * as thirdPartyDataInquiries from './migrations/0007_third_party_data_inquiries.ts';
import * as disruptions from './migrations/0008_disruptions.ts';
import * as signInMethods from './migrations/0009_sign_in_methods.ts';
import * as readingsWithoutRowChecks from './migrations/0010_readings_without_row_checks.ts';
import * as durableSignInState from './migrations/0011_durable_sign_in_state.ts';
import * as marketHours from './migrations/0012_market_hours.ts';
import * as rateLimitWindows from './migrations/0013_rate_limit_windows.ts';
import * as readChangeNotifications from './migrations/0014_read_change_notifications.ts';
import * as backOffice from './migrations/0015_back_office.ts';
import * as pushTokensAndDeletionRequests from './migrations/0016_push_tokens_and_deletion_requests.ts';
import * as scheduledJobs from './migrations/0017_scheduled_jobs.ts';
import * as supportMessagesAndFeedback from './migrations/0019_support_messages_and_feedback.ts';
import * as statistics from './migrations/0021_statistics.ts';
import * as premiumFeatures from './migrations/0022_premium_features.ts';
import * as assets from './migrations/0024_assets.ts';
import * as uniquePersonalIds from './migrations/0025_unique_personal_ids.ts';
import * as tips from './migrations/0026_tips.ts';
import * as settingsDrafts from './migrations/0027_settings_drafts_and_change_requests.ts';
import * as environmentSyncTokens from './migrations/0028_environment_sync_tokens.ts';

/** Migrations in order; a new one is a new file here, never an edit of a landed one. */
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_copy_texts': copyTexts,
  '0003_settings_releases': settingsReleases,
  '0004_measurements': measurements,
  '0005_api_tokens': apiTokens,
  '0006_tariffs_and_cost': tariffsAndCost,
  '0007_third_party_data_inquiries': thirdPartyDataInquiries,
  '0008_disruptions': disruptions,
  '0009_sign_in_methods': signInMethods,
  '0010_readings_without_row_checks': readingsWithoutRowChecks,
  '0011_durable_sign_in_state': durableSignInState,
  '0012_market_hours': marketHours,
  '0013_rate_limit_windows': rateLimitWindows,
  '0014_read_change_notifications': readChangeNotifications,
  '0015_back_office': backOffice,
  '0016_push_tokens_and_deletion_requests': pushTokensAndDeletionRequests,
  '0017_scheduled_jobs': scheduledJobs,
  '0019_support_messages_and_feedback': supportMessagesAndFeedback,
  '0021_statistics': statistics,
  '0022_premium_features': premiumFeatures,
  '0024_assets': assets,
  '0025_unique_personal_ids': uniquePersonalIds,
  '0026_tips': tips,
  '0027_settings_drafts_and_change_requests': settingsDrafts,
  '0028_environment_sync_tokens': environmentSyncTokens,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
