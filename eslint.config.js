import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['scratch/**', '**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.data*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the environment in apps/server/src/config.ts only.' }],
    },
  },
  {
    // Places that legitimately read the environment: the config module and the scripts around it.
    files: ['apps/server/src/config.ts', 'scripts/**', 'playwright.config.ts', 'apps/portal/vite.config.ts', 'apps/admin/vite.config.ts', 'e2e/**', 'bench/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/portal/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}', 'packages/client/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Import boundaries (decision 0026): real zones, resolved paths, not patterns of the import text.
    files: ['apps/server/src/**/*.ts', 'apps/portal/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...webAppZones('apps/portal/src'), ...webAppZones('apps/admin/src'), ...serverZones()] }] },
  },
  {
    // No import cycles in the server or the portal. Scoped to their sources (tests left out): no-cycle
    // parses every file an import leads to, about 2 s of lint's time here (decision 0026).
    files: ['apps/server/src/**/*.ts', 'apps/portal/src/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    plugins: { 'import-x': importX },
    // no-cycle parses the files an import leads to: with the TypeScript parser, or it sees none
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] }, 'import-x/extensions': ['.ts', '.tsx'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);

/** The folders directly under `dir` (read when lint starts, so a new feature or module is covered at once). */
function foldersOf(dir) {
  return fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * A web app's layers (the portal's and the back office's: shared → features → app,
 * bulletproof-react): a feature never imports another feature (however deep either file sits),
 * nor the app; shared code imports neither.
 */
function webAppZones(src) {
  const features = foldersOf(`./${src}/features`);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}/**`,
      from: `${src}/features/!(${feature})/**`,
      message: 'A feature must not import another feature; move what both need to src/shared.',
    })),
    { target: `${src}/features/**`, from: `${src}/app/**`, message: 'A feature must not import the app (shared → features → app).' },
    { target: `${src}/shared/**`, from: `${src}/features/**`, message: 'Shared code must not import a feature (shared → features → app).' },
    { target: `${src}/shared/**`, from: `${src}/app/**`, message: 'Shared code must not import the app (shared → features → app).' },
  ];
}

/**
 * A server module's repository is imported only by its own module and by the composition roots
 * that wire it (app.ts, main.ts, jobs/start.ts, the demo's bulk loader, scripts) and by tests and
 * their support. Another module goes through the module's service. The access module's query
 * fragments are for repositories only.
 */
function serverZones() {
  const src = 'apps/server/src';
  const modules = foldersOf(`./${src}/modules`);
  const notTests = '!(*.test|test-support)';
  /** Every server file except the given module's, the composition roots, tests and test support. */
  const outside = (module) => [
    `${src}/modules/!(${module})/**/${notTests}.ts`,
    `${src}/{db,integrations,lib,plugins}/**/${notTests}.ts`,
    `${src}/jobs/**/!(start|*.test).ts`,
    `${src}/demo/**/!(seed-readings|*.test).ts`,
    `${src}/!(app|main).ts`,
  ];
  return [
    ...modules.map((module) => ({
      target: outside(module),
      from: `${src}/modules/${module}/{repository,*-repository}.ts`,
      message: `Only the ${module} module and the composition roots may use its repository; use its service.`,
    })),
    {
      target: [`${src}/modules/!(access)/**/!(repository|*-repository|*.test).ts`, ...outside('access').slice(1)],
      from: `${src}/modules/access/fragments.ts`,
      message: 'The access fragments build queries: only repositories use them; services call AccessService.',
    },
  ];
}
