import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.api.test.ts'],
          // The files share their worker's module cache (decision 0056): imported once, not once per
          // file, which was nine tenths of the project's time. No test mocks modules; stubbed
          // globals are unstubbed after each test.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/**/*.api.test.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // As the unit project (decision 0056): the server's modules are imported once per worker,
          // not once per file; each file still starts its own app on its own database.
          isolate: false,
        },
      },
    ],
  },
});
