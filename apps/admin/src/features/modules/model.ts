import type { Language } from '@gridline/contracts/enums';
import type { SegmentOperator, SegmentRule, SegmentRuleSet } from '@gridline/contracts/segments';
import type { FavoriteEntry, HomeModule, HomeModuleName, ItemColours, ModuleItem, ModuleScope } from '@gridline/contracts/settings-modules';

/**
 * The home modules' editor model (decision 0058): new ids, new modules and items, moving, and the
 * "outside the audience" rule set the preview's customer picker asks examples for.
 */

/** A new 24-hex id, as the server's ids are. */
export function newId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export const defaultColours = (background: string): ItemColours => ({ backgroundColors: [background], foregroundColor: '#ffffff', accentColor: '#111827', accentBackgroundColor: '#ffffff' });

/** A new item: enabled, for everyone, a title in the first language, opening the home page. */
export function newItem(language: Language, title: string): ModuleItem {
  return {
    id: newId(),
    enabled: true,
    segments: { match: 'AND', rules: [] },
    copy: { [language]: { title, body: '', label: '' } },
    navigation: { page: 'HOME', enrichUrl: false, openInBrowser: false, enrichHarkUrl: false, isBrightKitUrl: false },
  };
}

/** A new module of a name, with what it must have to be published (its title in the first language). */
export function newModule(name: HomeModuleName, scope: ModuleScope, language: Language, title: string): HomeModule {
  const base = { id: newId(), enabled: true, scope };
  switch (name) {
    case 'News':
      return { ...base, name, copy: { [language]: { title } }, url: 'https://', extraParams: {}, variant: 'landscape' };
    case 'Shortcuts':
      return { ...base, name, copy: { [language]: { title } }, variant: 'smallListCard', items: [] };
    case 'Favorites':
      return { ...base, name, copy: { [language]: { title, selectorTitle: '', selectorDescription: '' } }, favorites: [{ name: 'InvoiceFavorite', enabled: true, copy: {} }] };
    case 'ImageFooter':
      return { ...base, name, variant: 'landscape', image: { url: 'https://', alt: '' } };
    default:
      return { ...base, name, copy: { [language]: { title } }, variant: 'mediumListCard', items: [] };
  }
}

export const favoriteEntry = (name: FavoriteEntry['name']): FavoriteEntry => ({ name, enabled: true, copy: {} });

/** The list with the entry at `index` moved by `by` places (kept inside the list). */
export function move<T>(list: readonly T[], index: number, by: number): T[] {
  const to = Math.max(0, Math.min(list.length - 1, index + by));
  const next = [...list];
  const [entry] = next.splice(index, 1);
  next.splice(to, 0, entry as T);
  return next;
}

const opposite: Partial<Record<SegmentOperator, SegmentOperator>> = {
  equals: 'notEquals',
  notEquals: 'equals',
  less: 'greaterOrEqual',
  greaterOrEqual: 'less',
  greater: 'lessOrEqual',
  lessOrEqual: 'greater',
  anyOf: 'noneOf',
  noneOf: 'anyOf',
};

/** Rules that hold only where the rule does not (a subset of its complement: a missing number matches neither side). */
function negateRule(rule: SegmentRule): SegmentRule[] {
  if (rule.operator === 'allOf') return (Array.isArray(rule.value) ? rule.value : []).map((v) => ({ name: rule.name, operator: 'noneOf', value: [v] }));
  const operator = opposite[rule.operator];
  return operator ? [{ ...rule, operator }] : [];
}

/**
 * A rule set every location of which is outside the given one (for example customers outside an
 * item's audience): NOT (a AND b) is (NOT a) OR (NOT b); NOT (a OR b) is (NOT a) AND (NOT b), where
 * an `allOf` is narrowed to `noneOf` every value. Null when there is no outside (no rules).
 */
export function outsideOf(ruleSet: SegmentRuleSet): SegmentRuleSet | null {
  if (ruleSet.rules.length === 0) return null;
  if (ruleSet.match === 'AND') return { match: 'OR', rules: ruleSet.rules.flatMap(negateRule) };
  return {
    match: 'AND',
    rules: ruleSet.rules.flatMap((rule) => (rule.operator === 'allOf' ? [{ name: rule.name, operator: 'noneOf' as const, value: rule.value }] : negateRule(rule))),
  };
}

/** Issues of the draft under a path prefix (`items.2`), the route's `body.` left out. */
export function issuesUnder(issues: ReadonlyArray<{ path: string; message: string }>, prefix: string): Array<{ path: string; key: string }> {
  return issues
    .map((i) => ({ path: i.path.replace(/^body\./, ''), key: i.message.split(':')[0]!.trim() }))
    .filter((i) => i.path === prefix || i.path.startsWith(`${prefix}.`));
}

/** A date-time input's value (local time, minutes) from an instant, and back. */
export function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
export function fromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** `key=value` lines as the news feed's extra query parameters (blank lines and lines without `=` left out). */
export function paramsOf(text: string): Record<string, string> {
  const entries = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')).trim(), line.slice(line.indexOf('=') + 1).trim()] as const)
    .filter(([key]) => key !== '');
  return Object.fromEntries(entries);
}
