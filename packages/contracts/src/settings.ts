import { z } from 'zod';
import { Id } from './common.ts';
import { contrast, UI_CONTRAST } from './colors.ts';
import { Country, Currency, Language, SignInType, SiteType } from './enums.ts';
import { PublicConfiguration, StoredFeatureConfigurations } from './settings-configurations.ts';
import { BackOfficePages } from './settings-flags.ts';

import { BorderRadius, checkTheme, fillThemeParts, HexColor, ImageUrl, themePartFields } from './settings-theme.ts';

export { PublicConfiguration };
export { BorderRadius, HexColor } from './settings-theme.ts';

/**
 * A published settings release (spec 002 sections 3 and 7): one versioned document per
 * organisation holding the theme, the feature flags, the feature configurations, the home-screen
 * modules and the custom favorites. The public part leaves out the protected configuration.
 */
/**
 * The primary colour draws buttons, focus rings and active states on white, so it must reach the
 * 3:1 of WCAG 1.4.11 there; text on it is chosen (white or dark) by contrast, and text in it is
 * replaced by dark grey where it would fall below 4.5:1.
 */
const PrimaryColor = HexColor.refine((c) => contrast(c, '#ffffff') >= UI_CONTRAST, {
  error: (issue) =>
    `PRIMARY_COLOR_CONTRAST: ${String(issue.input)} has a contrast of ${contrast(String(issue.input), '#ffffff').toFixed(2)}:1 against white; buttons and focus rings need at least ${UI_CONTRAST}:1`,
});

export const ReleaseTheme = z.object({
  id: Id,
  primaryColor: PrimaryColor,
  secondaryColor: HexColor,
  borderRadius: BorderRadius,
  logo: z.object({ url: ImageUrl, alt: z.string().min(1).max(200) }).nullable(),
  /** Shown in the header when there is no logo image. */
  logoText: z.string().min(1).max(40),
  favicon: ImageUrl.nullable(),
  /* The parts of spec 002 §3 "Theme" (settings-theme.ts, decision 0055), each with a default. */
  ...themePartFields,
});
export type ReleaseTheme = z.infer<typeof ReleaseTheme>;

/** The configuration flags of spec 000 section 1, named as the spec names them where it does. */
export const PortalFlags = z.object({
  HIDE_INVOICES: z.boolean().default(false),
  HIDE_MY_HOME: z.boolean().default(false),
  HIDE_COST: z.boolean().default(false),
  HIDE_USAGE_ENVIRONMENT_IMPACT: z.boolean().default(false),
  HIDE_CSV_EXPORT: z.boolean().default(false),
  HIDE_MONTHLY_DISTRIBUTION: z.boolean().default(false),
  IFRAME_EMBEDS: z.boolean().default(false),
  RENEWAL_BUTTON: z.boolean().default(false),
  THIRD_PARTY_DATA_INQUIRIES: z.boolean().default(false),
  EDITABLE_CONTACT_DETAILS: z.boolean().default(true),
  EDITABLE_CONTACT_TYPES: z.array(z.enum(['email', 'phoneNumber'])).default(['email', 'phoneNumber']),
  HAS_APP: z.boolean().default(false),
  HIDE_POPUP: z.boolean().default(false),
  HIDE_FAQ: z.boolean().default(false),
  /** The disruption info box of spec 000 §2.4 (its texts and address are copy texts). */
  DISRUPTION_INFO_BOX: z.boolean().default(false),
  SHOW_IFRAME_INVOICE: z.boolean().default(false),
  SHOW_GRID_INVOICE: z.boolean().default(false),
  USE_BANKID_QRCODE: z.boolean().default(false),
  NO_BANKID_LOGO: z.boolean().default(false),
  SHOW_FULL_NAME: z.boolean().default(false),
  SIGN_IN_METHODS: z.array(SignInType).min(1).default(['USR_PWD']),
  /** The first is the default language. */
  LANGUAGES: z.array(Language).min(1).default(['sv', 'en']),
  HIDDEN_SERVICE_TYPES: z.array(SiteType).default([]),
  /** Days before a day's readings are expected complete (spec 000 §9: default 2); the analysis page and insights wait for them. */
  MEASUREMENTS_DELAY_DAYS: z.number().int().min(0).max(14).default(2),
  /**
   * The hidden-dropdown configuration of spec 000 §4.5: per history period, the main parameters
   * the analysis page leaves out of its dropdown (`{ "day": ["cost"] }`).
   */
  ANALYSIS_HIDDEN_PARAMETERS: z
    .partialRecord(z.enum(['total', 'year', 'month', 'week', 'day']), z.array(z.enum(['consumption', 'cost', 'production', 'co2cost'])))
    .default({}),
});
export type PortalFlags = z.infer<typeof PortalFlags>;
export type PortalFlag = keyof PortalFlags;

/** A release's theme as stored: parts it lacks are derived from its own brand colours, then every rule (contrast included) is checked. */
export const StoredReleaseTheme = z.preprocess(fillThemeParts, ReleaseTheme.superRefine(checkTheme));

export const ReleaseContent = z.object({
  theme: StoredReleaseTheme,
  /** The portal's flags, and the back-office pages the organisation's staff see (never sent to the portal; decision 0059). */
  featureFlags: z.object({ id: Id, flags: PortalFlags, backOfficePages: BackOfficePages }),
  /** Read leniently (every field added since defaulted); a release is checked by `FeatureConfigurationsRelease` (decision 0057). */
  featureConfigurations: StoredFeatureConfigurations.extend({ id: Id }),
  modules: z.object({ id: Id, items: z.array(z.record(z.string(), z.unknown())).default([]) }),
  customFavorites: z.object({ id: Id, items: z.array(z.record(z.string(), z.unknown())).default([]) }),
});
export type ReleaseContent = z.infer<typeof ReleaseContent>;

export const OrganisationIdentity = z.object({
  slug: z.string(),
  name: z.string(),
  country: Country,
  currency: Currency,
  timeZone: z.string(),
});

/** `GET /v3/settings/releases/{organisation}`: what the portal needs before its first paint. */
export const PublicRelease = z.object({
  id: Id,
  version: z.number().int(),
  publishedAt: z.string(),
  organisation: OrganisationIdentity,
  theme: ReleaseTheme,
  featureFlags: z.object({ id: Id, flags: PortalFlags }),
  featureConfigurations: z.object({ id: Id, public: PublicConfiguration }),
  modules: ReleaseContent.shape.modules,
  customFavorites: ReleaseContent.shape.customFavorites,
});
export type PublicRelease = z.infer<typeof PublicRelease>;

export const FullRelease = PublicRelease.extend({ featureConfigurations: ReleaseContent.shape.featureConfigurations });

export const ReleaseQuery = z.object({
  bypassCache: z.enum(['true', 'false'], { message: 'BYPASS_CACHE_TRUE_OR_FALSE' }).optional(),
});
