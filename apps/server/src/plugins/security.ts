import helmet from '@fastify/helmet';
import type { ChatProvider } from '@gridline/contracts/support-chat';
import type { FastifyInstance } from 'fastify';
import type { Organisation } from '../modules/organisations/service.ts';

/**
 * Security headers on every answer (decision 0021), with @fastify/helmet: a Content-Security-
 * Policy, framing only by the same origin (the portal frames the demo's stand-ins of outside
 * pages), `nosniff`, no Referer, HSTS only when the public address is https, and `no-store` on
 * the API's answers. The portal's page gets a policy of its own per organisation
 * (`portalCsp`): exactly what it loads.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: { publicUrl: string }): Promise<void> {
  const https = new URL(config.publicUrl).protocol === 'https:';
  await app.register(helmet, {
    // Every other page the server renders (development pages, the demo's outside pages, /docs):
    // their own files; inline <style> blocks, which those pages carry, but never inline script.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    // Behind http (development, the demo) a Strict-Transport-Security header would be ignored at
    // best and would pin a shared host name such as localhost to https at worst.
    hsts: https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    // The portal opens the invoice PDF and the export in new windows of the same origin, and
    // BankID's test app with noopener: the defaults of the cross-origin policies hold.
  });

  app.addHook('onSend', async (request, reply) => {
    if (!/^\/v[34]\//.test(request.url)) return;
    // An API answer is about one caller unless its route says otherwise (public market data,
    // copy texts and releases); one to a caller with a token is never kept by any cache.
    const query = request.query as Record<string, unknown> | undefined;
    const authenticated = request.headers.authorization !== undefined || ['accessToken', 'refreshToken', 'ref'].some((name) => query?.[name] !== undefined);
    if (authenticated || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/** The origins a chat provider's widget loads from, per CSP directive (from the providers' CSP guides). */
const CHAT_SOURCES: Record<ChatProvider, Partial<Record<Directive, string[]>>> = {
  intercom: {
    script: ['https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com'],
    connect: ['https://*.intercom.io', 'wss://*.intercom.io', 'https://*.intercomcdn.com', 'https://*.intercomcdn.eu', 'https://*.intercomusercontent.com'],
    img: ['blob:', 'https://*.intercomcdn.com', 'https://*.intercomcdn.eu', 'https://*.intercomassets.com', 'https://*.intercomassets.eu', 'https://*.intercomusercontent.com', 'https://*.intercom.io'],
    font: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
    media: ['https://js.intercomcdn.com', 'https://*.intercomcdn.com', 'https://*.intercomcdn.eu'],
    frame: ['https://intercom-sheets.com', 'https://www.intercom-reporting.com', 'https://www.youtube.com', 'https://player.vimeo.com', 'https://fast.wistia.net'],
    style: ["'unsafe-inline'"],
  },
  zendesk: {
    script: ['https://static.zdassets.com', 'https://ekr.zdassets.com', 'https://*.zendesk.com'],
    connect: ['https://*.zendesk.com', 'wss://*.zendesk.com', 'https://*.zdassets.com', 'https://*.zopim.com', 'wss://*.zopim.com'],
    img: ['blob:', 'https://*.zdusercontent.com', 'https://*.zendesk.com', 'https://*.zdassets.com'],
    frame: ['https://*.zendesk.com'],
    media: ['https://*.zdassets.com'],
    style: ["'unsafe-inline'"],
  },
  tawk: {
    script: ['https://embed.tawk.to', 'https://cdn.jsdelivr.net'],
    connect: ['https://*.tawk.to', 'wss://*.tawk.to'],
    img: ['blob:', 'https://*.tawk.to', 'https://tawk.link', 'https://cdn.jsdelivr.net'],
    font: ['https://*.tawk.to', 'https://fonts.gstatic.com'],
    media: ['https://*.tawk.to'],
    frame: ['https://*.tawk.to'],
    style: ["'unsafe-inline'", 'https://*.tawk.to', 'https://fonts.googleapis.com'],
  },
};

type Directive = 'script' | 'style' | 'img' | 'font' | 'connect' | 'frame' | 'media';

/** The origin of an https (or http) address; null for a path on the portal's own site and anything else. */
function originOf(address: string | null | undefined): string | null {
  if (!address || address.startsWith('/')) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The copy texts (group `organisation`) that hold the addresses of the frames the portal shows. */
export const FRAME_TEXTS = ['urls.invoiceFrame', 'urls.invoiceFrameStage', 'urls.agreementFrame', 'urls.accountFrame'] as const;

/**
 * The portal page's Content-Security-Policy for an organisation: its own files and API; images
 * inline (the BankID logo, QR codes) and from the theme's logo and favicon; the configured chat
 * provider's widget; the frames its texts name (`frameAddresses`, every language). Nothing inline
 * runs: the page's scripts are files.
 */
export function portalCsp(organisation: Pick<Organisation, 'release'>, frameAddresses: string[], options: { https: boolean }): string {
  const sources: Record<Directive, Set<string>> = {
    script: new Set(["'self'"]),
    style: new Set(["'self'"]),
    img: new Set(["'self'", 'data:']),
    font: new Set(["'self'"]),
    connect: new Set(["'self'"]),
    frame: new Set(["'self'"]),
    media: new Set(["'self'"]),
  };
  const add = (directive: Directive, source: string | null) => {
    if (source) sources[directive].add(source);
  };
  const { theme, featureConfigurations } = organisation.release.content;
  add('img', originOf(theme.logo?.url));
  add('img', originOf(theme.favicon));
  const chat = featureConfigurations.public.supportChat;
  if (chat) {
    for (const [directive, origins] of Object.entries(CHAT_SOURCES[chat.provider]) as Array<[Directive, string[]]>) for (const origin of origins) add(directive, origin);
    add('script', originOf(chat.scriptUrl));
  }
  for (const address of frameAddresses) add('frame', originOf(address));
  const list = (directive: Directive) => [...sources[directive]].join(' ');
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "object-src 'none'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    `script-src ${list('script')}`,
    "script-src-attr 'none'",
    `style-src ${list('style')}`,
    `img-src ${list('img')}`,
    `font-src ${list('font')}`,
    `connect-src ${list('connect')}`,
    `frame-src ${list('frame')}`,
    `media-src ${list('media')}`,
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
