import { LANGUAGE_COOKIE } from '@gridline/contracts/organisations';
import { isLanguage, type Language } from '@gridline/locale/languages';

/**
 * The language the portal will most likely show this visitor, so that the page can carry its
 * texts (decision 0034): the one the portal remembered (its cookie), else the browser's first
 * offered one (`accept-language`, `no` counting as Bokmål), else the organisation's first; the
 * portal's own choice (spec 000 §5) is the same order, read from localStorage and
 * `navigator.language`.
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined, available: readonly Language[]): Language | null {
  const remembered = cookie
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLanguage(remembered) && available.includes(remembered)) return remembered;
  const browser = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const code = tag.slice(0, 2).toLowerCase();
      return { code: code === 'no' ? 'nb' : code, weight: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight)[0]?.code;
  if (isLanguage(browser) && available.includes(browser)) return browser;
  return available[0] ?? null;
}

/** JSON to put inside `<script type="application/json">`: no `<` that could close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
