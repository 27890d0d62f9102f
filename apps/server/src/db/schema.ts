import type { ColumnType, Generated } from 'kysely';

/** Kysely's view of the tables created by the migrations. Dates come back as strings. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type DateOnly = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

export interface OrganisationsTable {
  id: string;
  slug: string;
  name: string;
  country: string;
  currency: string;
  created_at: Timestamp;
  /** Staff must sign in with a second factor (TOTP) (0015). */
  staff_second_factor: Generated<boolean>;
  /** Days the audit log keeps an entry before the retention clean-up removes it (0015). */
  audit_retention_days: Generated<number>;
  /** Publishing settings needs a second editor's approval (0027). */
  settings_approval_required: Generated<boolean>;
}

export interface UsersTable {
  id: string;
  organisation_id: string;
  username: string | null;
  password_hash: string | null;
  email: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  phone_number: string | null;
  language: string | null;
  personal_id: string | null;
  customer_number: string | null;
  active_account_id: string | null;
  created_at: Timestamp;
  last_seen: NullableTimestamp;
  /** When the customer asked to be deleted (`GET /users/requestDelete`), kept from the first request (0016). */
  deletion_requested_at: NullableTimestamp;
}

export interface AccountsTable {
  id: string;
  organisation_id: string;
  type: string;
  provider_customer_id: string;
  account_owner_id: string | null;
  created_at: Timestamp;
  last_seen: NullableTimestamp;
  organisation_number: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface AccountMembersTable {
  id: string;
  organisation_id: string;
  account_id: string;
  user_id: string;
  role: Generated<string>;
  created_at: Timestamp;
}

export interface LocationsTable {
  id: string;
  organisation_id: string;
  account_id: string | null;
  status: string;
  type: string;
  start_date: DateOnly | null;
  address: string;
  zipcode: string;
  city: string;
  area: Generated<string>;
  price_zone: string | null;
  latitude: number | null;
  longitude: number | null;
  provider_site_id: string;
  extras: Json<Record<string, unknown>>;
  sort_order: Generated<number>;
  created_at: Timestamp;
}

export interface LocationServicesTable {
  id: string;
  organisation_id: string;
  location_id: string;
  type: string;
  status: Generated<string>;
  reading_period: Generated<string>;
  start_date: DateOnly | null;
  end_date: DateOnly | null;
  properties: Json<Record<string, unknown>>;
  provider_site_id: string;
  seq: Generated<number>;
}

export interface AgreementsTable {
  id: string;
  organisation_id: string;
  location_id: string;
  service_id: string | null;
  type: string;
  service_type: string;
  start_date: DateOnly | null;
  end_date: DateOnly | null;
  info: Json<Array<{ key: string; title: string; value: string | number; template?: string }>>;
}

export interface ThirdPartyDataInquiriesTable {
  id: string;
  organisation_id: string;
  service_id: string;
  inquirer: string;
  inquiry_date: Timestamp;
  status: 'pending' | 'accepted' | 'rejected';
  status_changed_at: NullableTimestamp;
  status_changed_by: string | null;
  created_at: Timestamp;
}

export interface InvoicesTable {
  id: string;
  organisation_id: string;
  account_id: string;
  location_id: string | null;
  invoice_number: string;
  ocr: string;
  start_date: DateOnly;
  end_date: DateOnly;
  due_date: DateOnly | null;
  create_date: DateOnly;
  month: string;
  currency: string;
  invoice_status: string;
  file_type: string;
  provider_name: Generated<string>;
  info: Json<Array<{ key: string; value: string | number }>>;
  /** Invoice lines for the document: { key, quantity?, unit?, unitPrice?, amount } */
  lines: Json<Array<{ key: string; quantity?: number; unit?: string; unitPrice?: number; amount: number }>>;
}

export interface AuthProcessesTable {
  ref: string;
  organisation_id: string;
  type: string;
  status: string;
  user_id: string | null;
  error: string | null;
  error_message: string | null;
  exchanged_at: NullableTimestamp;
  created_at: Timestamp;
  expires_at: Timestamp;
  identity: string | null;
  secret_hash: string | null;
  attempts: Generated<number>;
  state: ColumnType<Record<string, unknown>, string | undefined, string>;
  scope: Generated<string>;
  inspector_id: string | null;
  client_address: string | null;
  updated_at: Generated<Date>;
}

export interface RefreshTokensTable {
  id: string;
  organisation_id: string;
  user_id: string;
  account_id: string;
  family_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  scope: Generated<string>;
  inspector_id: string | null;
}

export interface CopyTextsTable {
  id: string;
  organisation_id: string | null;
  copy_group: string;
  language: string;
  key: string;
  value: string;
  version: Generated<string>;
  updated_at: Timestamp;
  updated_by: string | null;
}

export interface SettingsReleasesTable {
  id: string;
  organisation_id: string;
  version: number;
  content: Json<Record<string, unknown>>;
  created_at: Timestamp;
  created_by: string | null;
  /** The parts this release changed (0027). */
  parts: Generated<string[]>;
  comment: string | null;
  /** The version a rollback brought back. */
  rollback_of: number | null;
  /** Shared with the release's audit entries. */
  group_id: string | null;
}

/** A draft of one part of an organisation's settings (0027, decision 0054). */
export interface SettingsDraftsTable {
  organisation_id: string;
  part: string;
  content: Json<unknown>;
  revision: ColumnType<string, string | number | undefined, string | number>;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A request to publish drafts, with its approval and schedule (0027). */
export interface SettingsChangeRequestsTable {
  id: string;
  organisation_id: string;
  parts: string[];
  status: string;
  title: string;
  author_id: string | null;
  author_email: string;
  created_at: Timestamp;
  approved_by: string | null;
  approved_at: NullableTimestamp;
  scheduled_at: NullableTimestamp;
  published_at: NullableTimestamp;
  release_version: number | null;
  revisions: Json<Record<string, number>>;
  /** `systemKey`/`params` on system comments since decision 0061 (older rows have none). */
  comments: Json<Array<{ id: string; author: string; text: string; system: boolean; systemKey?: string; params?: Record<string, string>; createdAt: string }>>;
}

type Numeric = ColumnType<string, string | number, string | number>;
type NullableNumeric = ColumnType<string | null, string | number | null | undefined, string | number | null>;

export interface ReadingsTable {
  service_seq: number;
  interval_start: Timestamp;
  minutes: number;
  value: Numeric;
  certainty: Generated<number>;
  status: Generated<number>;
  source: Generated<number>;
}

export interface ReadingRollupsTable {
  service_seq: number;
  period: 'hour' | 'day' | 'month';
  period_start: Timestamp;
  period_key: string;
  value: Numeric;
  cost: NullableNumeric;
  certainty: number;
  readings: number;
  spot_eur: NullableNumeric;
  co2: NullableNumeric;
  fees: NullableNumeric;
  power_cost: NullableNumeric;
  peak_kw: NullableNumeric;
}

export interface TaxRatesTable {
  country: string;
  valid_from: DateOnly;
  vat: Numeric;
  energy_tax: Numeric;
}

export interface TariffsTable {
  id: string;
  organisation_id: string;
  kind: 'supply' | 'grid';
  commodity: Generated<'electricity' | 'heating' | 'water'>;
  name: string;
}

export interface TariffVersionsTable {
  tariff_id: string;
  valid_from: DateOnly;
  agreement_type: 'hourlySpot' | '15minSpot' | 'monthlySpot' | 'fixed' | 'mixed' | null;
  fixed_price: NullableNumeric;
  fixed_share: NullableNumeric;
  surcharge: ColumnType<string, string | number | undefined, string | number>;
  monthly_fee: ColumnType<string, string | number | undefined, string | number>;
  transfer_fee: ColumnType<string, string | number | undefined, string | number>;
  power_fee: NullableNumeric;
  power_peaks: Generated<number>;
  power_distinct_days: Generated<boolean>;
  power_weekdays_only: Generated<boolean>;
  power_from_hour: Generated<number>;
  power_to_hour: Generated<number>;
  power_months: ColumnType<number[] | null, number[] | null | undefined, number[] | null>;
}

export interface ServiceTariffsTable {
  service_seq: number;
  valid_from: DateOnly;
  supply_tariff_id: string | null;
  grid_tariff_id: string | null;
  fixed_price: NullableNumeric;
}

export interface SpotPricesTable {
  zone: string;
  interval_start: Timestamp;
  minutes: number;
  price_eur_mwh: Numeric;
}

export interface SpotPriceDaysTable {
  zone: string;
  delivery_day: DateOnly;
  state: 'missing' | 'preliminary' | 'final';
  updated_at: Timestamp;
}

export interface ExchangeRatesTable {
  day: DateOnly;
  currency: 'SEK' | 'NOK';
  eur_rate: Numeric;
}

export interface Co2IntensityTable {
  zone: string;
  hour_start: Timestamp;
  grams_per_kwh: Numeric;
}

/** Derived by triggers from spot_prices, exchange_rates and co2_intensity (migration 0012). */
export interface MarketHoursTable {
  zone: string;
  currency: string;
  hour_start: Timestamp;
  hour_key: string;
  mean: NullableNumeric;
  p0: NullableNumeric;
  p1: NullableNumeric;
  p2: NullableNumeric;
  p3: NullableNumeric;
  grams: NullableNumeric;
  rate: NullableNumeric;
  month_mean: NullableNumeric;
}

export interface WeatherTable {
  area: string;
  hour_start: Timestamp;
  temperature: Numeric;
  cloud_cover: Numeric;
}

export interface ApiTokensTable {
  id: string;
  organisation_id: string;
  name: string;
  token_scopes: string[];
  token_hash: string;
  issued_by: string;
  expires_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_by: string | null;
}

/** One-time tokens for receiving another installation's settings or secrets (0028, decision 0060). */
export interface EnvironmentSyncTokensTable {
  id: string;
  organisation_id: string;
  token_hash: string;
  admin_id: string;
  admin_email: string;
  admin_scope: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  settings_received_at: NullableTimestamp;
  secrets_received_at: NullableTimestamp;
}

export interface DisruptionsTable {
  id: string;
  organisation_id: string;
  name: string;
  type: string;
  targets: string[];
  title: Json<Record<string, string>>;
  message: Json<Record<string, string>>;
  enabled: Generated<boolean>;
  start_date: NullableTimestamp;
  end_date: NullableTimestamp;
  level: Generated<string>;
  updated_by: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The provider's own customer register: people and companies it knows, with or without an account here (issue 5). */
export interface ProviderCustomersTable {
  id: string;
  organisation_id: string;
  customer_number: string;
  type: string;
  personal_id: string | null;
  organisation_number: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  email: string | null;
  phone_number: string | null;
  language: string | null;
  sites: Json<Array<{ address: string; zipcode: string; city: string; priceZone: string | null; startDate: string | null }>>;
  created_at: Timestamp;
}

export interface AccountProspectsTable {
  id: string;
  organisation_id: string;
  provider_customer_id: string;
  auth_ref: string | null;
  status: string;
  user_id: string;
  account_id: string;
  error: string | null;
  log: ColumnType<Array<{ status: string; at: string }>, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AdminsTable {
  id: string;
  organisation_id: string | null;
  email: string;
  password_hash: string | null;
  first_name: Generated<string>;
  last_name: Generated<string>;
  personal_id: string | null;
  scope: string;
  created_at: Timestamp;
  language: Generated<string>;
  /** The TOTP secret, sealed with the secrets' key (`lib/sealing.ts`). */
  totp_secret: string | null;
  totp_enabled_at: Timestamp | null;
  password_changed_at: Timestamp | null;
  last_sign_in_at: Timestamp | null;
  created_by: string | null;
  updated_at: Timestamp;
}

/** A staff member's refresh tokens, one family per sign-in (0015). */
export interface StaffSessionsTable {
  id: string;
  admin_id: string;
  family_id: string;
  token_hash: string;
  method: string;
  second_factor: Generated<boolean>;
  auth_time: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

/** A staff sign-in between the first factor and the second (0015). */
export interface StaffSignInsTable {
  ref_hash: string;
  admin_id: string;
  step: string;
  method: string;
  pending_secret: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  created_at: Timestamp;
}

export interface AdminRecoveryCodesTable {
  admin_id: string;
  code_hash: string;
  used_at: Timestamp | null;
}

/** One-time links of the admin e-mails: set a first password, reset a forgotten one (0015). */
export interface AdminLinksTable {
  ref_hash: string;
  admin_id: string;
  purpose: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

export interface AccountInspectorsTable {
  admin_id: string;
  account_id: string;
  organisation_id: string;
  created_by: string | null;
  created_at: Timestamp;
}

/** An organisation's secrets, sealed with AES-256-GCM under the key `key_id` (0015). */
export interface SecretsTable {
  id: string;
  organisation_id: string;
  key: string;
  key_id: string;
  sealed: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: string;
}

export interface AuditLogsTable {
  id: string;
  organisation_id: string | null;
  actor_type: string;
  actor_id: string | null;
  action: string;
  subject_type: string | null;
  subject_id: string | null;
  data: Json<Record<string, unknown>>;
  address: string | null;
  created_at: Timestamp;
  seq: Generated<string>;
  actor_email: string | null;
  actor_scope: string | null;
  actor_method: string | null;
  before: Json<Record<string, unknown>> | null;
  after: Json<Record<string, unknown>> | null;
  changed: Generated<string[]>;
  outcome: Generated<string>;
  user_agent: string | null;
  request_id: string | null;
  group_id: string | null;
}

/** Failed or counted sign-in attempts, one row each, counted over a sliding window (0011). */
export interface SignInAttemptsTable {
  id: Generated<string>;
  kind: string;
  key: string;
  attempted_at: Generated<Date>;
}

export interface RateLimitWindowsTable {
  key: string;
  hits: number;
  resets_at: Timestamp;
}

/** A device's push token of a user: an Expo token or a Web Push subscription's JSON, unique in the organisation (0016). */
export interface PushTokensTable {
  id: string;
  organisation_id: string;
  user_id: string;
  kind: string;
  token: string;
  created_at: Timestamp;
  last_registered_at: Timestamp;
}

/** A scheduled job's staff settings: platform-wide (organisation null) or one organisation's (0017). */
/** Customers' sign-ins per organisation, local day, method and customer (migration 0021, decision 0049). */
export interface CustomerSignInDaysTable {
  organisation_id: string;
  day: DateOnly;
  method: string;
  user_id: string;
  sign_ins: Generated<number>;
}

export interface ScheduledJobsTable {
  id: string;
  queue: string;
  organisation_id: string | null;
  cron: string;
  time_zone: string;
  offset_minutes: Generated<number>;
  enabled: Generated<boolean>;
  paused: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: NullableTimestamp;
  updated_by: string | null;
}

/** A customer's message to customer service or a staff reply (0019, decision 0047). */
export interface SupportMessagesTable {
  id: string;
  organisation_id: string;
  user_id: string;
  direction: 'customer' | 'support';
  author_admin_id: string | null;
  author_email: string | null;
  text: string;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

/** A customer's feedback (0019, decision 0047). */
export interface SupportFeedbackTable {
  id: string;
  organisation_id: string;
  user_id: string | null;
  text: string;
  created_at: Timestamp;
  handled: Generated<boolean>;
  note: Generated<string>;
  updated_by: string | null;
  updated_at: NullableTimestamp;
}

/** An account's active premium feature (0022). */
export interface PremiumFeaturesTable {
  organisation_id: string;
  account_id: string;
  feature_name: string;
  activated_at: Generated<Date>;
  activated_by: string;
}

/** A logo, favicon or image with its bytes (0024). */
export interface AssetsTable {
  id: string;
  organisation_id: string;
  name: string;
  kind: string;
  content_type: string;
  byte_size: number;
  width: number | null;
  height: number | null;
  sha256: string;
  content: Buffer;
  created_at: Generated<Date>;
  created_by: string;
  updated_at: Generated<Date>;
  updated_by: string;
}

/** An organisation's tip (0026): texts per language, segments, enabled, order. */
export interface TipsTable {
  id: string;
  organisation_id: string;
  texts: Json<Record<string, { title: string; body: string }>>;
  segments: Json<Record<string, unknown>>;
  enabled: boolean;
  sort_order: number;
  created_at: Generated<Date>;
  created_by: string;
  updated_at: Generated<Date>;
  updated_by: string;
}

/** A tip's state at a location (0026). */
export interface LocationTipsTable {
  location_id: string;
  tip_id: string;
  organisation_id: string;
  completed: boolean;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface Database {
  organisations: OrganisationsTable;
  users: UsersTable;
  accounts: AccountsTable;
  account_members: AccountMembersTable;
  locations: LocationsTable;
  location_services: LocationServicesTable;
  agreements: AgreementsTable;
  invoices: InvoicesTable;
  third_party_data_inquiries: ThirdPartyDataInquiriesTable;
  auth_processes: AuthProcessesTable;
  refresh_tokens: RefreshTokensTable;
  copy_texts: CopyTextsTable;
  settings_releases: SettingsReleasesTable;
  settings_drafts: SettingsDraftsTable;
  settings_change_requests: SettingsChangeRequestsTable;
  readings: ReadingsTable;
  reading_rollups: ReadingRollupsTable;
  tax_rates: TaxRatesTable;
  tariffs: TariffsTable;
  tariff_versions: TariffVersionsTable;
  service_tariffs: ServiceTariffsTable;
  spot_prices: SpotPricesTable;
  spot_price_days: SpotPriceDaysTable;
  exchange_rates: ExchangeRatesTable;
  co2_intensity: Co2IntensityTable;
  market_hours: MarketHoursTable;
  weather: WeatherTable;
  api_tokens: ApiTokensTable;
  environment_sync_tokens: EnvironmentSyncTokensTable;
  disruptions: DisruptionsTable;
  provider_customers: ProviderCustomersTable;
  account_prospects: AccountProspectsTable;
  admins: AdminsTable;
  audit_logs: AuditLogsTable;
  staff_sessions: StaffSessionsTable;
  staff_sign_ins: StaffSignInsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  admin_links: AdminLinksTable;
  account_inspectors: AccountInspectorsTable;
  secrets: SecretsTable;
  sign_in_attempts: SignInAttemptsTable;
  rate_limit_windows: RateLimitWindowsTable;
  push_tokens: PushTokensTable;
  scheduled_jobs: ScheduledJobsTable;
  customer_sign_in_days: CustomerSignInDaysTable;
  support_messages: SupportMessagesTable;
  support_feedback: SupportFeedbackTable;
  premium_features: PremiumFeaturesTable;
  assets: AssetsTable;
  tips: TipsTable;
  location_tips: LocationTipsTable;
}
