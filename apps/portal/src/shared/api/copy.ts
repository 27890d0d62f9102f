import { queryOptions } from '@tanstack/react-query';
import { loadCopyBundle } from '@gridline/copy/load-copy-bundle';
import type { Language } from '@gridline/locale/languages';
import { copyGroups } from '../i18n/i18n.ts';
import { hasTexts, mergeCopy, type CopyResources } from '../i18n/merge-copy.ts';
import { client } from './client.ts';

/** The server answered, but without a single text: the portal cannot be shown. */
export class EmptyCopyError extends Error {
  constructor(language: string) {
    super(`The copy texts for ${language} are empty`);
    this.name = 'EmptyCopyError';
  }
}

/**
 * The copy texts of one language: the server's answer merged over the bundled defaults (one
 * bundle downloaded per language). An empty answer is an error, like a failed one.
 */
export const copyQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['copy', language],
    queryFn: async (): Promise<CopyResources> => {
      const [server, defaults] = await Promise.all([
        client.getCopy(language, [...copyGroups]),
        loadCopyBundle(language),
      ]);
      if (!hasTexts(server)) throw new EmptyCopyError(language);
      return mergeCopy(defaults, server);
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
