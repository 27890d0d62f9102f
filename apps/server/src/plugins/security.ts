import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { ChatProvider, SupportChat } from '@gridline/contracts/support-chat';

/**
 * Security headers on every answer through helmet (decision 0021): nosniff, no framing
 * by other sites, no referrer (document and export links carry a short-lived token), HSTS when
 * the public address is https, and a Content-Security-Policy. The default policy fits the
 * server's own small HTML pages (development and help pages: inline styles, no scripts); the
 * portal's page gets its own, per organisation (`portalCsp`), and the API docs theirs.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { hsts: boolean }): Promise<void> {
  // helmet's middleware, built once: @fastify/helmet built it anew for every request (4 % of a
  // cached dashboard call). It sets the headers on the raw answer; a route's own header of the
  // same name (the portal page's policy) is sent instead, as Node gives writeHead's precedence.
  const headers = helmet({
    // Most answers are JSON: the shortest policy that still forbids framing and any content. HTML
    // pages set their own (`portalCsp`, `SERVER_PAGE_CSP`, the docs page's).
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // Cross-origin isolation would break the organisations' own embeds and chat widgets.
    crossOriginEmbedderPolicy: false,
    // Document-only or legacy headers (window isolation, IE's download and Flash policies, the
    // old XSS auditor, DNS prefetching) say nothing to a JSON answer and cost every answer bytes
    // (measured: the full set of twelve took 7 % of the dashboard's requests per second).
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) => headers(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined)));

  // An answer to a signed-in call is the customer's own data: no cache keeps it (a shared
  // computer's browser, a proxy), unless the route said otherwise for a reason of its own.
  app.addHook('onSend', async (request, reply) => {
    if (request.headers.authorization && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/** The server's own small HTML pages (development, help, demo): inline styles, no script, no framing. */
export const SERVER_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The back office's page (decision 0039): its own files and API, inline styles (Mantine's style
 * attributes), data: images (the TOTP QR code drawn in the page) and the BankID QR images of the
 * API; frames of its own origin only (the portal in the theme preview, decision 0055), no other origin.
 */
export const ADMIN_CSP = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; frame-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * Where each chat provider's widget loads from and talks to (their published CSP guidance):
 * scripts, and the rest (styles, images, fonts, frames, XHR and WebSocket connections).
 */
const CHAT_SOURCES: Record<ChatProvider, { script: string[]; other: string[] }> = {
  intercom: {
    script: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
    other: ['https://*.intercom.io', 'wss://*.intercom.io', 'https://*.intercomcdn.com', 'https://*.intercomassets.com', 'https://*.intercomusercontent.com'],
  },
  zendesk: {
    script: ['https://static.zdassets.com', 'https://ekr.zdassets.com'],
    other: ['https://*.zdassets.com', 'https://*.zendesk.com', 'wss://*.zendesk.com', 'https://*.zopim.com', 'wss://*.zopim.com'],
  },
  tawk: {
    script: ['https://embed.tawk.to', 'https://cdn.jsdelivr.net'],
    other: ['https://*.tawk.to', 'wss://*.tawk.to', 'https://cdn.jsdelivr.net', 'https://fonts.googleapis.com', 'https://fonts.gstatic.com'],
  },
};

/**
 * The portal page's policy for one organisation: its own files, the organisation's chat widget
 * (and a replacement script address it configured), and https frames (the organisation's
 * embeds, configured as https addresses in its texts). Inline styles stay allowed for the
 * charts' and widgets' style attributes; no inline script runs.
 */
export function portalCsp(chat: SupportChat | undefined, options: { themePreview?: boolean } = {}): string {
  const sources = chat ? CHAT_SOURCES[chat.provider] : { script: [], other: [] };
  // A replacement script on this server (`/demo/…`) is 'self' already.
  const script = [...sources.script, ...(chat?.scriptUrl?.startsWith('https://') ? [new URL(chat.scriptUrl).origin] : [])];
  const other = sources.other;
  const list = (...values: string[]) => [...new Set(values)].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...script)}`,
    `style-src ${list("'self'", "'unsafe-inline'", ...other)}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...other)}`,
    `font-src ${list("'self'", 'data:', ...other)}`,
    `connect-src ${list("'self'", ...other)}`,
    `frame-src ${list("'self'", 'https:', ...other)}`,
    `media-src ${list("'self'", ...other)}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    // The back office's theme preview (decision 0055) frames the portal page on the same origin.
    options.themePreview ? `frame-ancestors 'self'` : `frame-ancestors 'none'`,
  ].join('; ');
}
