import { languages } from '@gridline/contracts/enums';
import type { SettingsChange, SettingsPart } from '@gridline/contracts/settings-parts';

/**
 * A diff's changes in words a marketer understands (decision 0054 leaves the wording to the back
 * office): `themes.primaryColor` is "Primary colour", `feature-flags.flags.HIDE_FAQ` the flag's
 * name from the feature-flags editor, `modules.items.2.copy.sv.title` "Item 3 › Swedish ›
 * Title"; a path without a label reads as its words ("someNewField" → "Some new field").
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
  if (segments.length === 0) return t('releases.words.whole');
  // A list's name before its position says nothing the part's name does not ("Home modules › Item 3").
  return segments
    .filter((s, i) => !(s === 'items' && /^\d+$/.test(segments[i + 1] ?? '')))
    .map((s) => segmentWords(t, s))
    .join(' › ');
}

/** A value as the change list shows it: a colour as a swatch, on/off, a list joined, long text cut. */
export function shownValue(t: Translate, value: unknown): ShownValue {
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
  return { kind: 'text', text: cut(JSON.stringify(value)) };
}

export function changeInWords(t: Translate, change: SettingsChange): ChangeInWords {
  return {
    part: t(`releases.partNames.${change.part}`),
    field: fieldWords(t, change.part, change.path),
    kind: change.kind,
    before: shownValue(t, change.before),
    after: shownValue(t, change.after),
  };
}
