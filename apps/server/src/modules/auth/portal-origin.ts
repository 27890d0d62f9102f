/**
 * The addresses of an organisation's portal (decision 0004): the public address itself, and the
 * same host with the organisation's slug as first label (`solvik.localhost:3000`,
 * `solvik.portal.example`). Links sent by e-mail and OpenID redirect addresses must lie on one
 * of them, so a forged Host or Origin header cannot send a customer's sign-in link elsewhere.
 */
export function portalOrigins(publicUrl: string, slug: string): string[] {
  const url = new URL(publicUrl);
  return [url.origin, `${url.protocol}//${slug}.${url.host}`];
}

/** The origin a request came from when it is one of the organisation's portal origins; else the slug's own. */
export function trustedPortalOrigin(publicUrl: string, slug: string, requestOrigin: string | undefined): string {
  const origins = portalOrigins(publicUrl, slug);
  return requestOrigin && origins.includes(requestOrigin) ? requestOrigin : (origins[1] as string);
}

/** The portal's sign-in page, where OpenID providers send the user back to. */
export const LOGIN_PATH = '/login';

export function isPortalLoginUrl(publicUrl: string, slug: string, address: string): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  return portalOrigins(publicUrl, slug).includes(url.origin) && url.pathname === LOGIN_PATH && url.search === '' && url.hash === '';
}
