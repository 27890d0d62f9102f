import type { Endpoint } from '@gridline/contracts/endpoint';
import { listAdmins } from '@gridline/contracts/endpoints/admins';
import { listApiTokens } from '@gridline/contracts/endpoints/api-tokens';
import { listAssets } from '@gridline/contracts/endpoints/assets';
import { searchAuditLogs } from '@gridline/contracts/endpoints/audit';
import { searchUsers } from '@gridline/contracts/endpoints/customers';
import { listCopyTexts } from '@gridline/contracts/endpoints/copy';
import { listDisruptions } from '@gridline/contracts/endpoints/disruptions';
import { draftEndpointsByPart, getReleaseStatus } from '@gridline/contracts/endpoints/settings-drafts';
import { previewAudience } from '@gridline/contracts/endpoints/segments';
import { listTips } from '@gridline/contracts/endpoints/tips';
import { listSecretsMeta } from '@gridline/contracts/endpoints/secrets';
import { listScheduledJobs } from '@gridline/contracts/endpoints/scheduled-jobs';
import { listFeedback, listSupportConversations } from '@gridline/contracts/endpoints/support';
import { sendTestEmail } from '@gridline/contracts/endpoints/bridge';
import type { StaffOrganisation, StaffScope } from '@gridline/contracts/staff';
import { mayCall } from './api/staff.ts';

/**
 * The back office's areas (spec 002 §1, §2), in the menu's order. An area shows when the staff
 * member's scope may make its main call (read from that call's contract: the one scope rule,
 * decision 0035) and, for the areas spec 002 §1 gates by a feature flag (Theme, Modules, Assets,
 * Custom Favorites, Messaging, Signs: parts 2 and 3), when the organisation turns it on.
 */
export interface Area {
  /** Its address under the organisation: `/admin/<slug>/<path>`. */
  path: string;
  /** The copy key of its name. */
  label: string;
  /** The copy key of its group in the menu. */
  group: 'nav.people' | 'nav.content' | 'nav.customize' | 'nav.operations';
  /** The call that shows the area's list; its contract's scopes decide who sees the area. */
  endpoint: Endpoint;
  /** The feature flag of spec 002 §1 that turns the area on. */
  flag?: string;
}

export const areas: readonly Area[] = [
  { path: 'admins', label: 'nav.admins', group: 'nav.people', endpoint: listAdmins },
  { path: 'api-tokens', label: 'nav.apiTokens', group: 'nav.people', endpoint: listApiTokens },
  { path: 'secrets', label: 'nav.secrets', group: 'nav.people', endpoint: listSecretsMeta },
  { path: 'customers', label: 'nav.customers', group: 'nav.people', endpoint: searchUsers },
  { path: 'support', label: 'support.nav', group: 'nav.people', endpoint: listSupportConversations },
  { path: 'feedback', label: 'support.feedbackNav', group: 'nav.people', endpoint: listFeedback },
  { path: 'audit', label: 'nav.audit', group: 'nav.people', endpoint: searchAuditLogs },
  { path: 'copy', label: 'copyTexts.nav', group: 'nav.content', endpoint: listCopyTexts },
  { path: 'disruptions', label: 'nav.disruptions', group: 'nav.content', endpoint: listDisruptions },
  // Audiences: who a rule set of segment rules reaches (decision 0052).
  { path: 'audiences', label: 'segments.nav', group: 'nav.content', endpoint: previewAudience },
  // Energy tips for segments of homes (decision 0053).
  { path: 'tips', label: 'tips.nav', group: 'nav.content', endpoint: listTips },
  // Logos, favicons and images of the theme and home modules (decision 0048), gated by spec 002 §1's flag.
  { path: 'assets', label: 'assets.nav', group: 'nav.content', endpoint: listAssets, flag: 'Assets' },
  // The theme's draft (decision 0055), gated by spec 002 §1's flag.
  { path: 'theme', label: 'theme.nav', group: 'nav.customize', endpoint: draftEndpointsByPart.themes.get, flag: 'Theme' },
  // The feature configurations' draft, field by field as each scope may (decision 0057).
  { path: 'feature-configurations', label: 'featureConfigurations.nav', group: 'nav.customize', endpoint: draftEndpointsByPart['feature-configurations'].get },
  // Home modules of the app (decision 0058), gated by spec 002 §1's flag.
  { path: 'modules', label: 'modules.nav', group: 'nav.customize', endpoint: draftEndpointsByPart.modules.get, flag: 'Modules' },
  // Customize (spec 002 §1's parent page): the settings editors and publishing them (issue 18, decisions 0054 and 0059).
  { path: 'feature-flags', label: 'featureFlags.nav', group: 'nav.customize', endpoint: draftEndpointsByPart['feature-flags'].get },
  { path: 'custom-favorites', label: 'customFavorites.nav', group: 'nav.customize', endpoint: draftEndpointsByPart['custom-favorites'].get, flag: 'Custom Favorites' },
  { path: 'releases', label: 'releases.nav', group: 'nav.customize', endpoint: getReleaseStatus },
  { path: 'jobs', label: 'nav.jobs', group: 'nav.operations', endpoint: listScheduledJobs },
  // The test e-mail and, for admins, clearing caches (decision 0050).
  { path: 'tools', label: 'bridge.nav', group: 'nav.operations', endpoint: sendTestEmail },
];

/** The areas a scope sees in an organisation. */
export function visibleAreas(scope: StaffScope, organisation: StaffOrganisation | undefined): Area[] {
  return areas.filter((area) => mayCall(scope, area.endpoint) && (!area.flag || (organisation?.areas.includes(area.flag) ?? false)));
}
