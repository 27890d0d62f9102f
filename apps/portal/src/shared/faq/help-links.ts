import { safeUrl } from '../external-links.ts';

/**
 * The accessibility statement's address with the organisation as its `org` query parameter
 * (spec 000 §2.12), from the organisation's copy text `urls.accessibilityStatement`: one statement
 * page can serve every organisation. Null when the text is missing or not a usable address.
 */
export function accessibilityStatementUrl(configured: string | null | undefined, organisation: string): string | null {
  const base = safeUrl(configured);
  if (!base) return null;
  const hashAt = base.indexOf('#');
  const [address, hash] = hashAt >= 0 ? [base.slice(0, hashAt), base.slice(hashAt)] : [base, ''];
  const queryAt = address.indexOf('?');
  const path = queryAt >= 0 ? address.slice(0, queryAt) : address;
  const query = new URLSearchParams(queryAt >= 0 ? address.slice(queryAt + 1) : '');
  query.set('org', organisation);
  return `${path}?${query.toString()}${hash}`;
}

/** A `tel:` address for a phone number as people write it (`+46 21 10 20 30` → `tel:+4621102030`). */
export function phoneHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  return /^\+?\d{3,}$/.test(digits) ? `tel:${digits}` : null;
}
