import { languages } from '@gridline/contracts/enums';
import type { SettingsChange, SettingsPart } from '@gridline/contracts/settings-parts';

/**
 * A diff's changes in words a marketer understands (decision 0054 leaves the wording to the back
 * office): `themes.primaryColor` is "Primary colour", `feature-flags.flags.HIDE_FAQ` the flag's
 * name from the feature-flags editor, `modules.items.2.copy.sv.title` "Module 3 ›
 * Swedish › Title"; a path without a label reads as its words ("someNewField" → "Some new field").
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export type ShownValue = { kind: 'none' } | { kind: 'colour'; hex: string } | { kind: 'text'; text: string };

export interface ChangeInWords {
  part: string;
  field: string;
  kind: SettingsChange['kind'];
  before: ShownValue;
  after: ShownValue;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const MAX_TEXT = 140;

/** `primaryColor` → "Primary color", `HIDE_FAQ` → "Hide faq", `Custom Favorites` as it is. */
export function humanise(segment: string): string {
  const words = segment
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The first of `keys` that has a text, else `fallback`. */
function firstText(t: Translate, keys: readonly string[], fallback: string): string {
  const MISSING = '\u0000';
  for (const key of keys) {
    const text = t(key, { defaultValue: MISSING });
    if (text && text !== MISSING) return text;
  }
  return fallback;
}

/**
 * Where a part's editor names a field (decision 0061): the theme's sections, fields, variants and
 * text styles, the home modules and favorites by name, a feature configuration and its fields.
 */
function editorKeys(part: SettingsPart | undefined, segments: readonly string[], index: number): string[] {
  const segment = segments[index] ?? '';
  if (part === 'themes') return ['sections', 'fields', 'variants', 'textVariants', 'legacyComponentNames'].map((group) => `theme.${group}.${segment}`);
  if (part === 'modules') return [`modules.names.${segment}`, `modules.favoriteNames.${segment}`];
  if (part === 'feature-configurations' && index === 1) return [`featureConfigurations.configurations.${segment}.label`];
  if (part === 'feature-configurations' && index === 2) return [`featureConfigurations.fields.${segments[1]}.${segment}.label`];
  return [];
}

function segmentWords(t: Translate, segment: string, part?: SettingsPart, segments: readonly string[] = [segment], index = 0): string {
  if (/^\d+$/.test(segment)) return t('releases.words.item', { n: Number(segment) + 1 });
  if ((languages as readonly string[]).includes(segment)) return t(`languages.${segment}`);
  const own = editorKeys(part, segments, index);
  // A configuration's own field names come before the general words ("url" of a configuration is its label).
  const keys = part === 'feature-configurations' ? [...own, `releases.words.${segment}`] : [`releases.words.${segment}`, ...own];
  return firstText(t, keys, humanise(segment));
}

/** The field a change names, in words (without its part). */
export function fieldWords(t: Translate, part: SettingsPart, path: string): string {
  const segments = path.split('.').filter(Boolean);
  if (part === 'feature-flags' && (segments[0] === 'flags' || segments[0] === 'backOfficePages') && segments[1]) {
    const name = t(`featureFlags.names.${segments[1]}`, { defaultValue: humanise(segments[1]) });
    const page = segments[0] === 'backOfficePages' ? t('releases.words.backOfficePage', { name }) : name;
    return [page, ...segments.slice(2).map((s) => segmentWords(t, s))].join(' › ');
  }
  if (part === 'custom-favorites' && segments[0] === 'items' && segments[1] !== undefined && /^\d+$/.test(segments[1])) {
    return [t('releases.words.customFavorite', { n: Number(segments[1]) + 1 }), ...segments.slice(2).map((s) => segmentWords(t, s))].join(' › ');
  }
  // Home modules: `items.3.items.1` is "Module 4 › Card 2".
  if (part === 'modules' && segments[0] === 'items' && segments[1] !== undefined && /^\d+$/.test(segments[1])) {
    const module = t('releases.words.module', { n: Number(segments[1]) + 1 });
    const rest = segments.slice(2);
    const card = rest[0] === 'items' && rest[1] !== undefined && /^\d+$/.test(rest[1]) ? [t('releases.words.card', { n: Number(rest[1]) + 1 })] : [];
    return [module, ...card, ...rest.slice(card.length ? 2 : 0).map((s) => segmentWords(t, s))].join(' › ');
  }
  if (segments.length === 0) return t('releases.words.whole');
  // A list's name before its position says nothing the part's name does not ("Home modules › Item 3").
  return segments
    .map((s, i) => (s === 'items' && /^\d+$/.test(segments[i + 1] ?? '') ? null : segmentWords(t, s, part, segments, i)))
    .filter((words) => words !== null)
    .join(' › ');
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * What names a whole entry of a list (an added home-module card, a module, a custom favorite):
 * its title, else its title in `language` (else in the first language that has one), else its
 * name. Null when it has none of them.
 */
export function titleOf(value: Record<string, unknown>, language?: string): string | null {
  if (nonEmpty(value['title'])) return value['title'];
  const copy = value['copy'];
  if (isRecord(copy)) {
    const titles = Object.entries(copy).flatMap(([code, texts]) => (isRecord(texts) && nonEmpty(texts['title']) ? [[code, texts['title']] as const] : []));
    const title = titles.find(([code]) => code === language?.slice(0, 2))?.[1] ?? titles[0]?.[1];
    if (title) return title;
  }
  return nonEmpty(value['name']) ? value['name'] : null;
}

/**
 * A value as the change list shows it: a colour as a swatch, on/off, a list joined, long text cut,
 * a whole entry (an added card) by its title in `language`.
 */
export function shownValue(t: Translate, value: unknown, language?: string): ShownValue {
  if (value === null || value === undefined) return { kind: 'none' };
  if (typeof value === 'string' && HEX.test(value)) return { kind: 'colour', hex: value.toLowerCase() };
  if (typeof value === 'boolean') return { kind: 'text', text: t(value ? 'releases.values.on' : 'releases.values.off') };
  const cut = (text: string) => (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text);
  if (typeof value === 'string') return value === '' ? { kind: 'text', text: t('releases.values.empty') } : { kind: 'text', text: cut(value) };
  if (typeof value === 'number') return { kind: 'text', text: String(value) };
  if (Array.isArray(value)) {
    if (value.length === 0) return { kind: 'text', text: t('releases.values.emptyList') };
    if (value.every((v) => typeof v === 'string' || typeof v === 'number')) return { kind: 'text', text: cut(value.join(', ')) };
    return { kind: 'text', text: t('releases.values.items', { count: value.length }) };
  }
  const title = isRecord(value) ? titleOf(value, language) : null;
  return { kind: 'text', text: cut(title ?? JSON.stringify(value)) };
}

/** The fields whose value is a page of the app (spec 002 §2), shown by the page's name. */
const APP_PAGE_FIELDS = new Set(['appNavigation', 'page']);

/** A change in words; `language` is the interface's, for the title of an added or removed entry. */
export function changeInWords(t: Translate, change: SettingsChange, language?: string): ChangeInWords {
  const last = change.path.split('.').at(-1) ?? '';
  const value = (v: unknown) =>
    APP_PAGE_FIELDS.has(last) && typeof v === 'string' && v !== '' ? { kind: 'text' as const, text: t(`appPages.names.${v}`, { defaultValue: v }) } : shownValue(t, v, language);
  return {
    part: t(`releases.partNames.${change.part}`),
    field: fieldWords(t, change.part, change.path),
    kind: change.kind,
    before: value(change.before),
    after: value(change.after),
  };
}
