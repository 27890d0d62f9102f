import { defineConfig } from '@playwright/test';
import { e2ePort as port, e2eServer } from './e2e/server.ts';

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
    // No trace by default (decision 0056): recording one for every test (DOM snapshots at each
    // action, a screencast) cost about a third of the browser tests' CPU and timed tests out on a
    // busy machine, to keep it only for the failures. A failure still leaves its screenshot and its
    // page snapshot (error-context.md); for a trace, rerun with `--trace=retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: e2eServer.command.join(' '),
    url: e2eServer.healthUrl,
    timeout: 120_000,
    // `npm test` starts it during the API tests and waits until it answers (decision 0056);
    // otherwise a server found on the port is someone else's, and the run must not use it.
    reuseExistingServer: process.env.E2E_SERVER_STARTED === '1',
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: e2eServer.env,
  },
});
