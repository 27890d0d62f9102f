import { client, keys, organisationSlug } from '../shared/api/client.ts';
import { copyQueryOptions } from '../shared/api/copy.ts';
import { organisationQueryOptions } from '../shared/api/organisation.ts';
import { likelyLanguage } from '../shared/i18n/language.ts';
import { readStored } from '../shared/storage.ts';
import { preloadStartPages } from './pages.ts';
import { queryClient } from './query-client.ts';

/**
 * What the first screen waits for, asked for all at once as soon as the entry script runs
 * (decision 0031), instead of one after another from the first render's effects: the
 * organisation, the texts of the language it will most likely show (with that language's bundled
 * defaults) and the first page's code. A wrong guess of the language costs one unused answer; the
 * start-up then asks for the right one as before.
 */
export function startEarlyLoads(): void {
  if (organisationSlug === '') return;
  void queryClient.prefetchQuery(organisationQueryOptions());
  const language = likelyLanguage({ stored: readStored(keys.language), browser: navigator.language });
  if (language) void queryClient.prefetchQuery(copyQueryOptions(language));
  preloadStartPages(client.session.isSignedIn());
}
