import { LANGUAGE_COOKIE, pageDataIds } from '@gridline/contracts/organisations';
import type { PublicRelease } from '@gridline/contracts/settings';
import { isLanguage, type Language } from '@gridline/locale/languages';

/** The data the server put into the page (decision 0034); each part null when it did not. */
export interface PageData {
  release: PublicRelease | null;
  copy: { language: Language; texts: Record<string, unknown> } | null;
}

function block(id: string): { value: unknown; element: HTMLElement } | null {
  const element = document.getElementById(id);
  if (!element?.textContent) return null;
  try {
    return { value: JSON.parse(element.textContent) as unknown, element };
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The organisation's public release and one language's texts, as the server wrote them into the
 * page's `<script type="application/json">` blocks: the answers the portal would otherwise ask
 * `GET /v3/settings/releases/{organisation}` and `GET /v3/copy/aggregated` for, from the same
 * services. They are not executed (the policy allows no inline script), only read.
 */
export function readPageData(): PageData {
  const release = block(pageDataIds.release);
  const copy = block(pageDataIds.copy);
  const language = copy?.element.dataset['language'];
  const releaseValue = release && isRecord(release.value) && isRecord(release.value['featureFlags']) ? (release.value as unknown as PublicRelease) : null;
  return {
    release: releaseValue,
    copy: copy && isRecord(copy.value) && isLanguage(language) ? { language, texts: copy.value } : null,
  };
}

/** Remembers the language for the server too (localStorage is not sent), for a year. */
export function rememberLanguageForServer(language: Language): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; SameSite=Lax${secure}`;
}
