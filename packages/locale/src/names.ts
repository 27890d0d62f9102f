/**
 * People's names as the portal, documents and messages show them.
 *
 * Names arrive from the provider's customer systems in whatever case they were typed in
 * ('anna-karin', 'LINDQVIST'). A name part written wholly in lower or wholly in upper case is
 * shown with a capital at the start of each word, hyphen and apostrophe part ('anna-karin' →
 * 'Anna-Karin', "O'BRIEN" → "O'Brien"). A part in mixed case is the person's own spelling and is
 * kept as registered ('McDonald', 'von Essen', 'af Klint').
 */

export interface PersonName {
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

const tidy = (text: string | null | undefined) => (text ?? '').trim().replace(/\s+/g, ' ');

const hasLower = (text: string) => text !== text.toUpperCase();
const hasUpper = (text: string) => text !== text.toLowerCase();

/** One name field (a first or a last name), its case mended when it has only one case. */
export function formatNamePart(name: string | null | undefined): string {
  const text = tidy(name);
  if (hasLower(text) && hasUpper(text)) return text;
  return text.toLowerCase().replace(/(^|[\s\-'’])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase());
}

/** First and last name, each mended as `formatNamePart` does: 'anna-karin' + 'Lindqvist' → 'Anna-Karin Lindqvist'. */
export function formatPersonName(person: PersonName | null | undefined): string {
  if (!person) return '';
  return [formatNamePart(person.firstName), formatNamePart(person.lastName)].filter((part) => part !== '').join(' ');
}
