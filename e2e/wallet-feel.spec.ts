import { expect, type Page, test } from '@playwright/test';
import { logIn, registeredUser } from './support/telegramClient';

/**
 * The feel of a native wallet (docs/decisions.md, "What a player sees before money moves"): skeletons where the main
 * screens load, toasts at the top edge announced to screen readers, balances
 * that roll to their new value (at once with reduced motion), and the
 * configured currency sign (CURRENCY_SYMBOL, "$" by default) with CASH.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** Every text the home CASH balance showed from now on (a count-up passes through values between). */
async function recordCashTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __cash: string[] }).__cash = seen;
    const target = document.querySelector('[data-testid="balance-cash"]');
    if (!target) throw new Error('no CASH balance');
    new MutationObserver(() => seen.push(target.textContent ?? '')).observe(target, {
      subtree: true,
      characterData: true,
      childList: true,
    });
  });
  return () => page.evaluate(() => (window as unknown as { __cash: string[] }).__cash);
}

test('the main screens show a skeleton of themselves while they load, not a spinner', async ({ page }) => {
  const { token } = await registeredUser(page.request);
  await logIn(page, token);
  // A network that answers only when the test lets it: each screen's API calls are held until its
  // skeleton has been seen, so the loading state is asserted however slow the machine is (a fixed
  // two-second delay raced page.goto's load event on a busy CI machine).
  let release: () => void = () => {};
  let held = new Promise<void>((open) => {
    release = open;
  });
  await page.route('**/core/app/**', async (route) => {
    await held;
    // A call of a screen already left is cancelled by the browser: nothing to continue.
    await route.continue().catch(() => {});
  });
  for (const [path, shape] of [
    ['/pages/home/home', 'balances'],
    ['/pages/Withdrawalpage/Withdrawalpage', 'form'],
    ['/pages/game/game', 'game'],
    ['/pages/account/account', 'balances'],
  ] as const) {
    held = new Promise<void>((open) => {
      release = open;
    });
    await page.goto(path, { waitUntil: 'commit' });
    // In the loading state (busy, for screen readers), the screen's own shape and no spinner.
    await expect(page.locator(`[data-testid="page-loading"][aria-busy="true"] .skeleton[data-shape="${shape}"]`)).toBeVisible();
    await expect(page.locator('.spinner')).toHaveCount(0);
    release();
    await expect(page.getByTestId('page-loading')).toHaveCount(0, { timeout: 15_000 });
  }
});

test('a toast sits at the top edge, is announced, and the CASH balance rolls to its new value with its sign', async ({ page }) => {
  const { token } = await registeredUser(page.request);
  // The toast is measured where it rests, within its 1.5 s: the page's clock stands still from the
  // tap until then, so a loaded machine cannot take it away first (the balance rolls once it runs).
  await page.clock.install();
  await logIn(page, token);
  await page.goto('/pages/home/home');
  await expect(page.getByTestId('balance-cash')).toHaveText('CASH $0.00');
  await expect(page.getByTestId('balance-chip')).toHaveText('CHIP 0.00');
  const texts = await recordCashTexts(page);

  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByTestId('sign-in-button').click();
  const toast = page.getByTestId('toast');
  await expect(toast).toHaveText('Signed in: +0.10 CASH');
  // Announced politely by the host (a live region from the start), at the top, clear of the bar.
  await expect(page.getByRole('status').filter({ has: toast })).toHaveAttribute('aria-live', 'polite');
  // Measured where it rests: while its entry animation runs it is still sliding down from above the bar.
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = await toast.boundingBox();
  const bar = await page.locator('.bar').first().boundingBox();
  expect(box && bar && box.y >= bar.y + bar.height && box.y < 844 / 4).toBe(true);
  await page.clock.resume();

  await expect(page.getByTestId('balance-cash')).toHaveText('CASH $0.10');
  const seen = await texts();
  // It went through values between 0.00 and 0.10, and ended on the exact one.
  expect(
    seen.some((text) => /\$0\.0[1-9]$/.test(text)),
    JSON.stringify(seen),
  ).toBe(true);
  expect(seen.at(-1)).toBe('CASH $0.10');
});

test('with reduced motion the balance changes at once', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { token } = await registeredUser(page.request);
  await logIn(page, token);
  await page.goto('/pages/home/home');
  await expect(page.getByTestId('balance-cash')).toHaveText('CASH $0.00');
  const texts = await recordCashTexts(page);
  await page.getByTestId('sign-in-button').click();
  await expect(page.getByTestId('balance-cash')).toHaveText('CASH $0.10');
  expect(new Set(await texts())).toEqual(new Set(['CASH $0.10']));
});
