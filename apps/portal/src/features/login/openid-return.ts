import { organisationSlug } from '../../shared/api/client.ts';

/**
 * An OpenID sign-in leaves the portal for the provider and comes back to `/login` with `code`
 * and `state`. The ref of the process it belongs to waits in this tab's sessionStorage meanwhile:
 * only the tab that started the sign-in can finish it.
 */
const key = `gridline.openid.${organisationSlug || 'unknown'}`;

export function rememberOpenIdRef(ref: string): void {
  try {
    sessionStorage.setItem(key, ref);
  } catch {
    // Without storage the return cannot be matched; the sign-in then fails with a clear message.
  }
}

/** The remembered ref, forgotten as it is read (an answer is used once). */
export function takeOpenIdRef(): string | null {
  try {
    const ref = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return ref;
  } catch {
    return null;
  }
}

/** The provider's answer in the address, if this is a return from it. */
export function openIdAnswer(params: URLSearchParams): { code?: string; state: string; iss?: string; error?: string } | null {
  const state = params.get('state');
  const code = params.get('code');
  const error = params.get('error');
  if (!state || (!code && !error)) return null;
  const iss = params.get('iss');
  return { state, ...(code ? { code } : {}), ...(iss ? { iss } : {}), ...(error ? { error } : {}) };
}
