import { test as base } from '@playwright/test';
import { recordToasts } from './toasts';

/**
 * Playwright's `test`, with every page of the test's own context logging its toasts (toasts.ts), so
 * `expectToast` works there. A page from `browser.newPage()` or a new context calls `recordToasts`.
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
});

export { expect } from '@playwright/test';
export { expectToast, recordToasts } from './toasts';
