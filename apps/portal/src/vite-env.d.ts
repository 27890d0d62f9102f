/** `portal@<version>`, sent as `x-version` (defined in vite.config.ts). */
declare const __PORTAL_VERSION__: string;
