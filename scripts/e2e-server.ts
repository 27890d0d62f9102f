import fs from 'node:fs';
import path from 'node:path';

// The product as `npm start` runs it, on its own port and a fresh data folder, for Playwright.
const dataDir = path.resolve(import.meta.dirname, '..', process.env.DATA_DIR ?? '.data-e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
await import('./start.ts');
