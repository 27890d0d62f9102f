import { client, keys, organisationSlug } from '../shared/api/client.ts';
import { copyQueryOptions } from '../shared/api/copy.ts';
import { organisationQueryOptions, toPortalOrganisation } from '../shared/api/organisation.ts';
import { readPageData } from '../shared/api/page-data.ts';
import { userQueryOptions } from '../shared/api/user.ts';
import { applyCopy } from '../shared/i18n/i18n.ts';
import { likelyLanguage, resolveLanguage } from '../shared/i18n/language.ts';
import { hasTexts, mergeCopy, type CopyResources } from '../shared/i18n/merge-copy.ts';
import type { Language } from '@gridline/locale/languages';
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
 * and for a visitor with a session the user (`users/me`).
 */
export function startEarlyLoads(): void {
  if (organisationSlug === '') return;
  const sources = { stored: readStored(keys.language), browser: navigator.language };
  const carried = readPageData();
  if (carried.release) {
    const organisation = toPortalOrganisation(carried.release);
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
  const signedIn = client.session.isSignedIn();
  // The signed-in frame's first question (the user, their accounts and locations), asked now
  // rather than once the frame's code has loaded and rendered.
  if (signedIn) void queryClient.prefetchQuery(userQueryOptions());
  preloadStartPages(signedIn);
}
