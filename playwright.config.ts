import { defineConfig } from '@playwright/test';
import { devKey } from './e2e/dev-key.ts';

const port = Number(process.env.E2E_PORT ?? 3100);

/** Browser tests: the built product started the way `npm start` does, driven in Debian's Chromium. */
export default defineConfig({
  testDir: 'e2e',
  // its own folder: Playwright empties it at start, and test-results/ holds the other reports
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: two (the portal's tests beside the back office's) took 11.7 min instead of about
  // 11 and timed out four tests, the server, PostgreSQL and two browsers sharing two cores.
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://localhost:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: { PORT: String(port), DATA_DIR: '.data-e2e', EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '54339', LOG_LEVEL: 'warn', DEMO_READINGS: 'recent', DEV_KEY: devKey },
  },
});
