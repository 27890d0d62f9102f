import { useTranslation } from 'react-i18next';
import type { PortalOrganisation } from '../api/organisation.ts';

/**
 * The FAQ of the help page (spec 000 §2.12): the topics invoices, agreements, app, misc and
 * environment, each a list of question/answer pairs built from copy texts
 * `my-pages:faq.items.<topic>.<n>.question` and `….answer` (an organisation writes its own; the
 * platform ships none). A pair without both halves is dropped, and so is a topic without pairs.
 */
export const faqTopics = ['invoices', 'agreements', 'app', 'misc', 'environment'] as const;
export type FaqTopic = (typeof faqTopics)[number];

export interface FaqPair {
  /** The pair's key within its topic (`1`, `2`, …), stable for ids. */
  key: string;
  question: string;
  answer: string;
}

export interface FaqSection {
  topic: FaqTopic;
  pairs: FaqPair[];
}

const isTree = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
/**
 * Pairs in their number order (`2` before `10`); other keys after, alphabetically. One collator
 * for all: `localeCompare` with a locale and options builds a new one on every comparison, which
 * cost tens of milliseconds of the signed-in frame's first render on a slowed phone CPU.
 */
const collator = new Intl.Collator('en', { numeric: true });
const byKey = (a: string, b: string) => collator.compare(a, b);

/** The topics and pairs of a `faq.items` tree, in the spec's topic order. */
export function faqSections(items: unknown): FaqSection[] {
  if (!isTree(items)) return [];
  return faqTopics.flatMap((topic) => {
    const entries = items[topic];
    if (!isTree(entries)) return [];
    const pairs = Object.keys(entries)
      .sort(byKey)
      .flatMap((key) => {
        const pair = entries[key];
        if (!isTree(pair)) return [];
        const question = text(pair.question);
        const answer = text(pair.answer);
        return question && answer ? [{ key, question, answer }] : [];
      });
    return pairs.length > 0 ? [{ topic, pairs }] : [];
  });
}

/** Whether the help page is absent: `HIDE_FAQ`, or no FAQ item at all. */
export function faqHidden(organisation: Pick<PortalOrganisation, 'flags'>, sections: readonly FaqSection[]): boolean {
  return organisation.flags.HIDE_FAQ === true || sections.length === 0;
}

/** The FAQ in the current language, from the loaded copy texts; follows a change of language. */
export function useFaqSections(): FaqSection[] {
  const { i18n } = useTranslation();
  return faqSections(i18n.getResource(i18n.language, 'my-pages', 'faq.items'));
}
