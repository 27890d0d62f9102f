import { devKey } from './dev-key.ts';

/**
 * The product the browser tests drive: the command, its address and environment. Playwright
 * starts it (playwright.config.ts), unless `npm test` started it already, during the API tests, and
 * says so with E2E_SERVER_STARTED=1 (scripts/test.ts, decision 0056).
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const e2eServer = {
  command: ['node', 'scripts/e2e-server.ts'],
  healthUrl: `http://localhost:${e2ePort}/health`,
  env: {
    PORT: String(e2ePort),
    DATA_DIR: '.data-e2e',
    EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54339',
    LOG_LEVEL: 'warn',
    DEMO_READINGS: 'recent',
    DEV_KEY: devKey,
    // The environment sync's browser test sends to this same server as its staging (decision 0060).
    SYNC_TARGETS: `staging=http://127.0.0.1:${e2ePort}`,
  },
};
