import type { Disruption, DisruptionLevel, DisruptionTexts, DisruptionType } from '@gridline/contracts/disruptions';
import type { Language } from '@gridline/contracts/enums';

/** A disruption as the portal shows it: its texts in one language. */
export interface DisruptionView {
  id: string;
  type: DisruptionType;
  level: DisruptionLevel;
  title?: string;
  message: string;
}

/**
 * A text of a disruption in `language`, else in the first of `fallbacks` (the organisation's
 * languages, its default first) that has one, else in any language that has one.
 */
export function disruptionText(texts: DisruptionTexts, language: Language, fallbacks: readonly Language[]): string | undefined {
  const usable = (candidate: string | undefined) => (candidate && candidate.trim() !== '' ? candidate.trim() : undefined);
  for (const candidate of [language, ...fallbacks]) {
    const found = usable(texts[candidate]);
    if (found) return found;
  }
  return Object.values(texts)
    .map(usable)
    .find((text) => text !== undefined);
}

/**
 * The disruption the portal shows in `language`: only an ongoing one, and only with a message
 * (a banner or a fatal page without one would say nothing). The title is optional.
 */
export function disruptionView(disruption: Disruption | null | undefined, language: Language, fallbacks: readonly Language[]): DisruptionView | null {
  if (!disruption || disruption.status !== 'ongoing' || !disruption.enabled) return null;
  const message = disruptionText(disruption.message, language, fallbacks);
  if (!message) return null;
  const title = disruptionText(disruption.title, language, fallbacks);
  return { id: disruption._id, type: disruption.type, level: disruption.level, message, ...(title ? { title } : {}) };
}
