import type { Endpoint } from '../endpoint.ts';
import { Agreement } from '../agreements.ts';
import { Asset } from '../assets.ts';
import { AuthProcess, AuthRecord } from '../auth.ts';
import { CopyTextItem } from '../copy-texts.ts';
import { Disruption, StaffDisruption } from '../disruptions.ts';
import { PremiumFeature } from '../bridge.ts';
import { ThirdPartyDataInquiry } from '../inquiries.ts';
import { Invoice } from '../invoices.ts';
import { LegacyDataItem } from '../legacy-data.ts';
import { Location } from '../locations.ts';
import { MeasurementNode } from '../measurements.ts';
import { SpotPriceSeries, StoredSpotPrices, ZoneSpotPrices } from '../prices.ts';
import { PortalFlags, PublicRelease } from '../settings.ts';
import { ChangeRequest, CustomFavorite, draftPartSchemas, PartRelease, ReleaseSummary, SettingsChange, SettingsDraft } from '../settings-parts.ts';
import { Me, User } from '../users.ts';
import { LocationTip, Tip } from '../tips.ts';
import { ApiToken } from '../api-tokens.ts';
import { SecretMeta } from '../secrets.ts';
import { ScheduledJob } from '../scheduled-jobs.ts';
import { AuditLogEntry } from '../audit.ts';
import { AccountCreationLog, AccountProspect, CustomerAccount, CustomerUser, Inspector } from '../customers.ts';
import { PushToken } from '../push-tokens.ts';
import { Feedback, StaffFeedback, StaffSupportMessage, SupportMessage } from '../support.ts';
import { Admin, StaffBankIdProgress, StaffSignInAnswer, StaffTokens } from '../staff.ts';
import * as admins from './admins.ts';
import * as apiTokens from './api-tokens.ts';
import * as assets from './assets.ts';
import * as secrets from './secrets.ts';
import * as scheduledJobs from './scheduled-jobs.ts';
import * as statistics from './statistics.ts';
import * as audit from './audit.ts';
import * as agreements from './agreements.ts';
import * as auth from './auth.ts';
import * as bridge from './bridge.ts';
import * as copy from './copy.ts';
import * as customers from './customers.ts';
import * as disruptions from './disruptions.ts';
import * as dataExports from './exports.ts';
import * as ingest from './ingest.ts';
import * as inspectors from './inspectors.ts';
import * as invoices from './invoices.ts';
import * as legacyData from './legacy-data.ts';
import * as locations from './locations.ts';
import * as measurements from './measurements.ts';
import * as prices from './prices.ts';
import * as segments from './segments.ts';
import * as settings from './settings.ts';
import * as settingsDrafts from './settings-drafts.ts';
import * as environmentSync from './environment-sync.ts';
import * as staff from './staff.ts';
import * as support from './support.ts';
import * as tips from './tips.ts';
import * as users from './users.ts';

/** The endpoint objects a domain file exports (it may export other constants, such as a path). */
const endpointsOf = (domain: Record<string, unknown>): Endpoint[] =>
  Object.values(domain).flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : [value])).filter((value): value is Endpoint => typeof value === 'object' && value !== null && 'operationId' in value);

/**
 * Every endpoint of the API, the list the OpenAPI document is generated from and the server
 * checks its routes against (one file per domain beside this one).
 */
export const allEndpoints: readonly Endpoint[] = [auth, users, locations, invoices, agreements, measurements, legacyData, dataExports, ingest, prices, settings, settingsDrafts, environmentSync, copy, disruptions, staff, admins, apiTokens, secrets, audit, customers, inspectors, scheduledJobs, statistics, support, bridge, assets, segments, tips].flatMap(endpointsOf);

/** Entities written once under `#/components/schemas` (recursive schemas must be here). */
export const components = {
  AccountCreationLog,
  AccountProspect,
  Admin,
  Agreement,
  ApiToken,
  Asset,
  AuditLogEntry,
  ScheduledJob,
  CustomerAccount,
  CustomerUser,
  AuthProcess,
  AuthRecord,
  CopyTextItem,
  Disruption,
  StaffDisruption,
  Inspector,
  Tip,
  Invoice,
  LegacyDataItem,
  Location,
  LocationTip,
  Me,
  MeasurementNode,
  PremiumFeature,
  PortalFlags,
  PublicRelease,
  PushToken,
  SecretMeta,
  SpotPriceSeries,
  StaffBankIdProgress,
  Feedback,
  StaffFeedback,
  StaffSupportMessage,
  SupportMessage,
  StaffSignInAnswer,
  StaffTokens,
  StoredSpotPrices,
  ThirdPartyDataInquiry,
  User,
  ZoneSpotPrices,
  SettingsDraft,
  PartRelease,
  ReleaseSummary,
  SettingsChange,
  ChangeRequest,
  CustomFavorite,
  ThemeDraft: draftPartSchemas.themes,
  FeatureFlagsDraft: draftPartSchemas['feature-flags'],
  ModulesDraft: draftPartSchemas.modules,
  FeatureConfigurationsDraft: draftPartSchemas['feature-configurations'],
  CustomFavoritesDraft: draftPartSchemas['custom-favorites'],
} as const;
