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

function segmentWords(t: Translate, segment: string): string {
  if (/^\d+$/.test(segment)) return t('releases.words.item', { n: Number(segment) + 1 });
  if ((languages as readonly string[]).includes(segment)) return t(`languages.${segment}`);
  return t(`releases.words.${segment}`, { defaultValue: humanise(segment) });
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
    .filter((s, i) => !(s === 'items' && /^\d+$/.test(segments[i + 1] ?? '')))
    .map((s) => segmentWords(t, s))
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

/** A change in words; `language` is the interface's, for the title of an added or removed entry. */
export function changeInWords(t: Translate, change: SettingsChange, language?: string): ChangeInWords {
  return {
    part: t(`releases.partNames.${change.part}`),
    field: fieldWords(t, change.part, change.path),
    kind: change.kind,
    before: shownValue(t, change.before, language),
    after: shownValue(t, change.after, language),
  };
}
