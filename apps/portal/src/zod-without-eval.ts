/**
 * Zod compiles fast object parsers with `new Function` when it can, and probes for that when an
 * object schema is built. The portal's Content-Security-Policy allows no eval (`script-src
 * 'self'`), so the probe is refused and Chrome logs a CSP issue on every page (Lighthouse's
 * best-practices audit counts it). The portal parses small answers: the interpreted parsers are
 * fast enough.
 *
 * Zod reads its settings from `globalThis.__zod_globalConfig` when a schema is built, and the
 * contracts build theirs as their modules are evaluated. main.tsx imports this module first, and
 * the build keeps it in the entry's chunk with zod and the contracts (vite.config.ts), so it runs
 * before any of them. It imports nothing.
 */
const global = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true };
