import { isLanguage, type Language } from '@gridline/locale/languages';

export interface LanguageSources {
  /** The signed-in user's language, if any. */
  user?: string | null | undefined;
  /** The language kept in localStorage. */
  stored?: string | null | undefined;
  /** The browser's language (`navigator.language`, e.g. 'sv-SE'); its first two letters count. */
  browser?: string | null | undefined;
}

/**
 * The interface language (spec 000 §5): the user's language, else the stored one, else the
 * browser's, each only if the organisation offers it; otherwise the organisation's first language.
 * A Norwegian browser ('no') counts as Bokmål.
 */
export function resolveLanguage(sources: LanguageSources, available: readonly Language[]): Language {
  const candidates = [sources.user, sources.stored, browserLanguage(sources.browser)];
  for (const candidate of candidates) {
    if (isLanguage(candidate) && available.includes(candidate)) return candidate;
  }
  return available[0] ?? 'sv';
}

/**
 * The language `resolveLanguage` will most likely pick before the organisation's languages are
 * known (the stored one, else the browser's), so that its texts can be asked for at once; null
 * when neither names a language.
 */
export function likelyLanguage(sources: Omit<LanguageSources, 'user'>): Language | null {
  for (const candidate of [sources.stored, browserLanguage(sources.browser)]) if (isLanguage(candidate)) return candidate;
  return null;
}

function browserLanguage(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const code = tag.slice(0, 2).toLowerCase();
  return code === 'no' ? 'nb' : code;
}
