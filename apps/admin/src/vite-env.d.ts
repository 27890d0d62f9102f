/** `admin@<version>`, sent as `x-version` (defined in vite.config.ts). */
declare const __ADMIN_VERSION__: string;
