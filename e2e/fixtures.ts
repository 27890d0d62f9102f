import { expect, test as base } from '@playwright/test';
import { watchCspViolations } from './helpers.ts';

export { expect };

/**
 * The browser tests' `test`: every test, in every spec, fails when Chromium refused anything
 * under the Content-Security-Policy on any page of its context (the portal, its frames, the chat
 * widget, the docs and development pages, pages opened from them).
 */
export const test = base.extend<{ cspGuard: void }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations = watchCspViolations(context);
      await use();
      expect(violations, 'Content-Security-Policy refusals').toEqual([]);
    },
    { auto: true },
  ],
});
