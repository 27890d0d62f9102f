/**
 * Zod builds fast parsers with `new Function`, which the back office's Content-Security-Policy
 * refuses (`script-src 'self'`); the probe alone logs a CSP error. Interpreted parsers are fast
 * enough for forms and answers of a page. main.tsx imports this first (see the portal's twin).
 */
const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true };
