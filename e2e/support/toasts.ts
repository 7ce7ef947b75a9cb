import { type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Toasts as the player saw them, whatever the test's timing. A toast shows for 1.5 s (TOAST_MS,
 * specification point 9); on a loaded machine a check that polls the page missed one now and then
 * (CI: 2026-11-28 and 2026-11-29, four different tests). The page keeps a log of every toast it
 * shows, written by a MutationObserver the moment a toast enters the DOM, and `expectToast` reads
 * that log, so a toast gone before the check still counts, and a missing one fails with the toasts
 * that were shown instead.
 */

interface ToastEntry {
  seq: number;
  text: string;
}

declare global {
  interface Window {
    __prismToasts?: ToastEntry[];
  }
}

/** Runs in the page before its scripts: logs each toast element added under the toast host. */
function installToastLog(): void {
  if (window.__prismToasts) return;
  const log: ToastEntry[] = [];
  window.__prismToasts = log;
  const selector = '.toast-host > .toast';
  const record = (element: Element) => log.push({ seq: log.length, text: (element.textContent ?? '').replace(/\s+/g, ' ').trim() });
  const added = (node: Node) => {
    if (!(node instanceof Element)) return;
    if (node.matches(selector)) record(node);
    else for (const toast of node.querySelectorAll(selector)) record(toast);
  };
  new MutationObserver((mutations) => {
    for (const mutation of mutations) mutation.addedNodes.forEach(added);
  }).observe(document, { childList: true, subtree: true });
}

/** Starts the log in every page of the context (e2e/support/test.ts does it for the default one). */
export async function recordToasts(target: BrowserContext | Page): Promise<void> {
  await target.addInitScript(installToastLog);
}

/** Per page, the document (its time origin) and the first log entry not yet matched. */
const cursors = new WeakMap<Page, { origin: number; next: number }>();

/**
 * Waits for a toast shown since the last one this page matched, with exactly `expected` (whitespace
 * collapsed, as toHaveText does), containing it (`exact: false`), or matching a RegExp. Toasts shown
 * before an earlier match are not looked at again; a full page load starts a new log.
 */
export async function expectToast(
  page: Page,
  expected: string | RegExp,
  options: { exact?: boolean; timeout?: number } = {},
): Promise<void> {
  const matches = (text: string) =>
    typeof expected !== 'string' ? expected.test(text) : options.exact === false ? text.includes(expected) : text === expected;
  let matched: { origin: number; seq: number } | undefined;
  await expect
    .poll(
      async () => {
        const { origin, log } = await page.evaluate(() => ({ origin: performance.timeOrigin, log: window.__prismToasts ?? null }));
        if (log === null) return 'no toast log in this page (recordToasts before its first navigation)';
        const cursor = cursors.get(page);
        const from = cursor?.origin === origin ? cursor.next : 0;
        const fresh = log.slice(from);
        const hit = fresh.find((entry) => matches(entry.text));
        if (!hit) return fresh.map((entry) => entry.text);
        matched = { origin, seq: hit.seq };
        return 'shown';
      },
      { message: `a toast ${String(expected)}; received: the toasts shown since the last one matched`, timeout: options.timeout },
    )
    .toBe('shown');
  if (matched) cursors.set(page, { origin: matched.origin, next: matched.seq + 1 });
}
