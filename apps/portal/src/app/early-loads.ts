import { client, keys, organisationSlug } from '../shared/api/client.ts';
import { copyQueryOptions } from '../shared/api/copy.ts';
import { invoicesQueryOptions, LATEST_INVOICES } from '../shared/api/invoices.ts';
import { hasFlag, organisationQueryOptions, toPortalOrganisation, type PortalOrganisation } from '../shared/api/organisation.ts';
import { readPageData } from '../shared/api/page-data.ts';
import { userQueryOptions } from '../shared/api/user.ts';
import { applyCopy } from '../shared/i18n/i18n.ts';
import { likelyLanguage, resolveLanguage } from '../shared/i18n/language.ts';
import { hasTexts, mergeCopy, type CopyResources } from '../shared/i18n/merge-copy.ts';
import { localeFor, type Language } from '@gridline/locale/languages';
import { activeDisruptionQueryOptions } from '../shared/disruptions/active-disruption.ts';
import { paths } from '../shared/paths.ts';
import { readStored } from '../shared/storage.ts';
import { preloadStartPages } from './pages.ts';
import { queryClient } from './query-client.ts';
import { applyTheme } from './theme.ts';

let appliedAtStart: { language: Language; texts: CopyResources } | null = null;

/** The language whose texts the page carried and `startEarlyLoads` applied; null otherwise. */
export function languageAppliedAtStart(): Language | null {
  return appliedAtStart?.language ?? null;
}

/** Whether these are the texts `startEarlyLoads` gave i18next for this language. */
export function isAppliedAtStart(language: Language, texts: CopyResources): boolean {
  return appliedAtStart?.language === language && appliedAtStart.texts === texts;
}

/**
 * What the first screen waits for, before the first render. The server's page carries the
 * organisation's release and the texts of the language it will most likely show (decision
 * 0034): when the portal picks that language, both are in the query cache and i18next at once,
 * and the first render is the page. Otherwise (no data in the page, or another language) they
 * are asked for all at once (decision 0031): a wrong guess of the language costs one unused
 * answer; the start-up then asks for the right one as before. The first page's code loads too,
 * the disruption in force, and for a visitor with a session the user (`users/me`) and, on the
 * dashboard, the account's latest invoices.
 */
export function startEarlyLoads(): void {
  if (organisationSlug === '') return;
  const sources = { stored: readStored(keys.language), browser: navigator.language };
  const carried = readPageData();
  let organisation: PortalOrganisation | null = null;
  if (carried.release) {
    organisation = toPortalOrganisation(carried.release);
    queryClient.setQueryData(organisationQueryOptions().queryKey, organisation);
    applyTheme(organisation.theme);
    const language = resolveLanguage(sources, organisation.languages);
    if (carried.copy?.language === language && hasTexts(carried.copy.texts)) {
      // The server's texts already hold the bundled defaults (its copy service merges them).
      const texts = mergeCopy({}, carried.copy.texts);
      queryClient.setQueryData(copyQueryOptions(language).queryKey, texts);
      void applyCopy(language, texts);
      appliedAtStart = { language, texts };
    } else {
      void queryClient.prefetchQuery(copyQueryOptions(language));
    }
  } else {
    void queryClient.prefetchQuery(organisationQueryOptions());
    const language = likelyLanguage(sources);
    if (language) void queryClient.prefetchQuery(copyQueryOptions(language));
  }
  // Every page asks for the disruption in force as it first renders (the gate above the routes).
  void queryClient.prefetchQuery(activeDisruptionQueryOptions());
  const signedIn = client.session.isSignedIn();
  const { pathname } = window.location;
  if (signedIn) {
    // The signed-in frame's first question (the user, their accounts and locations), asked now
    // rather than once the frame's code has loaded and rendered.
    void queryClient.prefetchQuery(userQueryOptions());
    // The dashboard's latest invoices are those of the session's active account, the account
    // the frame selects unless another location was remembered (decision 0040): asked beside the
    // user rather than after it. A wrong guess costs one unused answer.
    const accountId = client.session.getActiveAccountId();
    const dashboard = pathname === paths.dashboard || pathname === paths.root;
    if (dashboard && accountId && organisation && !hasFlag(organisation, 'HIDE_INVOICES')) {
      void queryClient.prefetchQuery(invoicesQueryOptions(accountId, { limit: LATEST_INVOICES }));
    }
  }
  preloadStartPages(signedIn, pathname);
  if (signedIn) setTimeout(() => warmUpDateFormats(organisation?.timeZone, likelyLanguage(sources)), 0);
}

/**
 * The first date formatter a page builds loads the engine's calendar and time-zone data: about
 * 20 ms, 80–100 ms on Lighthouse's slowed phone CPU, inside the render of the first invoice row
 * or chart period. Built here, while the signed-in pages wait for their data, that render
 * finds the data loaded (decision 0040).
 */
function warmUpDateFormats(timeZone: string | undefined, language: Language | null): void {
  try {
    const options: Intl.DateTimeFormatOptions = { timeZone: timeZone ?? 'Europe/Stockholm', year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric' };
    new Intl.DateTimeFormat('en-US', options).formatToParts(Date.now());
    if (language) new Intl.DateTimeFormat(localeFor(language), options).formatToParts(Date.now());
  } catch {
    // An unknown zone: the pages report it where they use it.
  }
}
