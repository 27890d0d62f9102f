/**
 * The welcome dialog is shown once per account (spec 000 §2.3, §9): the accounts that have
 * dismissed it are remembered in the cookie `hasSeenWelcome`, their ids separated by commas, for
 * one year. A cookie rather than localStorage, as the spec names it: it is shared by every tab
 * and survives signing out.
 */
export const WELCOME_COOKIE = 'hasSeenWelcome';
/** One year, in seconds. */
export const WELCOME_COOKIE_MAX_AGE = 31_536_000;
/** More ids than this and the oldest are forgotten, so the cookie stays far below 4 KB. */
export const WELCOME_COOKIE_MAX_IDS = 100;

const isAccountId = (value: string) => /^[0-9a-f]{24}$/.test(value);

/** The account ids in the `hasSeenWelcome` cookie of a cookie string (`document.cookie`). */
export function seenWelcomeAccounts(cookies: string): string[] {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== WELCOME_COOKIE) continue;
    let value = part.slice(separator + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      // not percent-encoded: read as it is
    }
    return [
      ...new Set(
        value
          .split(',')
          .map((id) => id.trim())
          .filter(isAccountId),
      ),
    ];
  }
  return [];
}

/** Whether the account has dismissed the welcome dialog in this browser. */
export function hasSeenWelcome(cookies: string, accountId: string): boolean {
  return seenWelcomeAccounts(cookies).includes(accountId);
}

/**
 * The cookie to write (`document.cookie = …`) once `accountId` has dismissed the dialog: the
 * ids already there plus this one, for a year, on the whole site.
 */
export function welcomeCookie(cookies: string, accountId: string, options: { secure?: boolean } = {}): string {
  const ids = [...seenWelcomeAccounts(cookies).filter((id) => id !== accountId), accountId].slice(-WELCOME_COOKIE_MAX_IDS);
  return `${WELCOME_COOKIE}=${ids.join(',')}; Max-Age=${WELCOME_COOKIE_MAX_AGE}; Path=/; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}
