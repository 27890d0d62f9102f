import { z } from 'zod';
import { Language, SignInType, SiteType } from './enums.ts';

/**
 * The feature flags staff edit (spec 002 §3 "Feature flag", §9; issue 18, decision 0059): each with
 * its context (where it takes effect: the app, the bridge — the back office —, both, or the
 * server) and its type (a product choice an organisation keeps, or a release toggle that goes
 * once a feature is settled). The portal's flags are `PortalFlags` (settings.ts); the back-office
 * page flags of spec 002 §1 are `BackOfficePages`, beside them in the feature-flags part and never
 * sent to the portal.
 */

export const flagContexts = ['app', 'bridge', 'shared', 'server'] as const;
export type FlagContext = (typeof flagContexts)[number];
export const flagTypes = ['product', 'release'] as const;
export type FlagType = (typeof flagTypes)[number];

/** The back-office pages a feature flag turns on (spec 002 §1), in the menu's order. */
export const backOfficePages = ['Theme', 'Modules', 'Assets', 'Custom Favorites', 'Messaging', 'Signs'] as const;
export type BackOfficePage = (typeof backOfficePages)[number];

const allPages = Object.fromEntries(backOfficePages.map((p) => [p, true])) as Record<BackOfficePage, boolean>;
/** Each page on unless the organisation's release turns it off (a release from before these flags: every page on). */
export const BackOfficePages = z
  .object(Object.fromEntries(backOfficePages.map((p) => [p, z.boolean().default(true)])) as Record<BackOfficePage, z.ZodDefault<z.ZodBoolean>>)
  .default(allPages);
export type BackOfficePages = z.infer<typeof BackOfficePages>;

/** How the editor shows a flag's value. */
export type FlagKind =
  { kind: 'boolean' } | { kind: 'list'; options: readonly string[]; min?: number } | { kind: 'number'; min: number; max: number } | { kind: 'record' };

export type FlagDescriptor = FlagKind & {
  /** Where the value sits in the feature-flags part: `flags.HIDE_FAQ`, `backOfficePages.Theme`. */
  group: 'flags' | 'backOfficePages';
  key: string;
  context: FlagContext;
  type: FlagType;
  /** The back-office page it gates (its address under `/admin/<org>/`). */
  page?: string;
};

const boolean = { kind: 'boolean' } as const;
const portal = (key: string, context: FlagContext, type: FlagType, kind: FlagKind = boolean): FlagDescriptor => ({
  group: 'flags',
  key,
  context,
  type,
  ...kind,
});
const page = (key: BackOfficePage, path?: string): FlagDescriptor => ({
  group: 'backOfficePages',
  key,
  context: 'bridge',
  type: 'product',
  ...boolean,
  ...(path ? { page: path } : {}),
});

/** Every flag of the feature-flags part, in the editor's order (a test keeps it equal to the schema's keys). */
export const flagCatalogue: readonly FlagDescriptor[] = [
  portal('HIDE_INVOICES', 'shared', 'product'),
  portal('HIDE_MY_HOME', 'shared', 'product'),
  portal('HIDE_COST', 'shared', 'product'),
  portal('HIDE_USAGE_ENVIRONMENT_IMPACT', 'shared', 'product'),
  portal('HIDE_CSV_EXPORT', 'app', 'product'),
  portal('HIDE_MONTHLY_DISTRIBUTION', 'app', 'product'),
  portal('IFRAME_EMBEDS', 'app', 'product'),
  portal('RENEWAL_BUTTON', 'app', 'product'),
  portal('THIRD_PARTY_DATA_INQUIRIES', 'shared', 'product'),
  portal('EDITABLE_CONTACT_DETAILS', 'shared', 'product'),
  portal('EDITABLE_CONTACT_TYPES', 'shared', 'product', { kind: 'list', options: ['email', 'phoneNumber'] }),
  portal('HAS_APP', 'app', 'product'),
  portal('HIDE_POPUP', 'app', 'release'),
  portal('HIDE_FAQ', 'app', 'product'),
  portal('DISRUPTION_INFO_BOX', 'app', 'product'),
  portal('SHOW_IFRAME_INVOICE', 'app', 'release'),
  portal('SHOW_GRID_INVOICE', 'app', 'release'),
  portal('USE_BANKID_QRCODE', 'app', 'product'),
  portal('NO_BANKID_LOGO', 'app', 'product'),
  portal('SHOW_FULL_NAME', 'app', 'product'),
  portal('SIGN_IN_METHODS', 'server', 'product', { kind: 'list', options: SignInType.options, min: 1 }),
  portal('LANGUAGES', 'shared', 'product', { kind: 'list', options: Language.options, min: 1 }),
  portal('HIDDEN_SERVICE_TYPES', 'shared', 'product', { kind: 'list', options: SiteType.options }),
  portal('MEASUREMENTS_DELAY_DAYS', 'server', 'product', { kind: 'number', min: 0, max: 14 }),
  portal('ANALYSIS_HIDDEN_PARAMETERS', 'app', 'product', { kind: 'record' }),
  page('Theme', 'theme'),
  page('Modules', 'modules'),
  page('Assets', 'assets'),
  page('Custom Favorites', 'custom-favorites'),
  page('Messaging'),
  page('Signs'),
];
