import js from '@eslint/js';
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
    files: ['apps/server/src/config.ts', 'scripts/**', 'playwright.config.ts', 'apps/portal/vite.config.ts', 'e2e/**', 'bench/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['apps/portal/**/*.{ts,tsx}', 'packages/client/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // A feature never imports another feature (shared → features → app).
    files: ['apps/portal/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./[^.]|/features/', message: 'A feature must not import another feature; move shared code to src/shared.' }] }],
    },
  },
);
