import { formatPersonName } from '@gridline/locale/names';

export interface NameParts {
  firstName?: string | null;
  lastName?: string | null;
}

/** 'anna-KARIN' → 'Anna-Karin': every hyphen-separated part starts with a capital. */
function capitaliseParts(word: string): string {
  return word
    .split('-')
    .map((part) => (part === '' ? part : part.charAt(0).toUpperCase() + part.slice(1).toLowerCase()))
    .join('-');
}

/**
 * The name in the header and the greeting (spec 000 §2.2): the first word of the first name
 * with each hyphen part capitalised ('anna-karin maria' → 'Anna-Karin'); with the organisation's
 * SHOW_FULL_NAME flag, first and last name, a name registered in one case mended as everywhere
 * else (`formatPersonName`: 'anna-karin lindqvist' → 'Anna-Karin Lindqvist').
 */
export function displayName(user: NameParts, showFullName: boolean): string {
  if (showFullName) return formatPersonName(user);
  const first = (user.firstName ?? '').trim().replace(/\s+/g, ' ');
  const firstWord = first.split(' ')[0] ?? '';
  return capitaliseParts(firstWord);
}
