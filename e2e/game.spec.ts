import type { Page } from '@playwright/test';
import { countdownSeconds, operatorAddsShortRoom, SHORT_ROOM } from './support/game';
import { registerThroughUi, uniquePhone } from './support/helpers';
import { expect, expectToast, test } from './support/test';

/** Buttons ignore a second tap within 1000 ms (specification point 9), so the test waits as a person would. */
const CLICK_THROTTLE_MS = 1_000;

/** CASH through the sandbox gateway's own page, as a new user recharges. */
async function rechargeCash(page: Page): Promise<void> {
  await page.goto('/pages/Rechargepage/Rechargepage');
  await expect(page.getByTestId('stepper-value')).toHaveValue('1000');
  await page.getByRole('button', { name: 'Recharge', exact: true }).click();
  await page.waitForURL('**/core/pay/sandbox/**');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage?orderNo=**');
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
}

/** CASH -> CHIP in the Personal tab's exchange sheet. */
async function exchangeToChip(page: Page, amount: string): Promise<void> {
  await page.goto('/pages/account/account');
  await page.getByTestId('action-exchange').click();
  const sheet = page.getByTestId('exchange-sheet');
  await expect(sheet.getByTestId('exchange-from')).toHaveValue('CASH');
  await sheet.getByTestId('exchange-to').selectOption('CHIP');
  await sheet.getByTestId('exchange-amount').fill(amount);
  await expect(sheet.getByTestId('exchange-receive')).toContainText(`${amount}.00`);
  await sheet.getByTestId('exchange-confirm').click();
  await page.getByTestId('spend-ok').click();
  await expect(sheet.getByTestId('exchange-amount')).toHaveValue('');
  await sheet.getByRole('button', { name: 'Close' }).click();
}

test('a new user bets on the 10 s room, sees the result, the record, and verifies the draw', async ({ page }) => {
  test.setTimeout(150_000);
  await operatorAddsShortRoom(page.request);

  await registerThroughUi(page, uniquePhone(), 'secret123');
  await rechargeCash(page);
  await exchangeToChip(page, '100');
  await page.goto('/pages/home/home');
  await expect(page.getByTestId('balance-chip')).toHaveText('CHIP 100.00');

  // Home's Game shortcut opens the game; Past history is the default tab.
  await page.getByTestId('shortcut-game').click();
  await page.waitForURL('**/pages/game/game');
  await expect(page.getByRole('tab', { name: 'Past history' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('game-demo')).toHaveText('Demo mode: bets use play money with no cash value.');
  await expect(page.getByTestId('game-odds')).toContainText('Return to player');
  await expect(page.getByTestId('game-fee')).toHaveText('Service fee: 2.00% of every stake');
  // Rooms are named from their duration, in the reader's language (the server's names are English).
  await expect(page.getByRole('tab', { name: '1 min' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '5 min' })).toBeVisible();

  // The short room: its session, ticking countdowns, the previous draws.
  await page.getByRole('tab', { name: SHORT_ROOM.levelName }).click();
  await expect(page.getByTestId('game-title')).toContainText('10 s ·');
  await expect(page.getByTestId('game-period')).toHaveText(/^\d{8}4\d{5}$/);
  await expect(page.getByTestId('game-balance')).toHaveText('Balance 100.00 CHIP');
  await expect(page.getByTestId('draw-countdown')).toHaveText(/^00:(0\d|10)$/);

  // Start with a fresh period, so that there is time to choose before betting closes.
  const freshPeriod = () =>
    expect.poll(() => countdownSeconds(page.getByTestId('bet-countdown')), { timeout: 20_000, intervals: [200] }).toBeGreaterThanOrEqual(5);
  await freshPeriod();

  // The bet sheet: Green, base 10, multiples 1 -> 5 (the room's list is 1, 5, 10), total before confirming.
  await page.getByTestId('bet-choice-Green').click();
  const sheet = page.getByTestId('bet-sheet');
  await expect(sheet.getByRole('heading', { name: 'Bet on Green' })).toBeVisible();
  await expect(sheet.getByTestId('multiples-value')).toHaveText('×1');
  await expect(sheet.getByTestId('multiples-minus')).toBeDisabled();
  await expect(sheet.getByTestId('bet-total-value')).toHaveText('0.00 CHIP');
  await sheet.getByTestId('bet-confirm').click();
  await expect(sheet.getByTestId('bet-problem')).toHaveText('Choose a base amount');
  await sheet.getByTestId('bet-base-10').click();
  await sheet.getByTestId('multiples-plus').click();
  await expect(sheet.getByTestId('multiples-value')).toHaveText('×5');
  await expect(sheet.getByTestId('bet-total-value')).toHaveText('50.00 CHIP');
  await expect(sheet.getByTestId('bet-coin-CHIP')).toHaveAttribute('aria-pressed', 'true');
  // Amounts are isolated from the sentence around them (right-to-left languages), so they are matched on their own.
  await expect(sheet.getByTestId('bet-coin-balance')).toContainText('100.00 CHIP');
  // In POINT, which this user has none of, the server refuses; choosing CHIP again clears that answer. GOLD, which nothing gives a user, is not offered.
  await expect(sheet.getByTestId('bet-coin-GOLD')).toHaveCount(0);
  await sheet.getByTestId('bet-coin-POINT').click();
  await page.waitForTimeout(CLICK_THROTTLE_MS);
  await sheet.getByTestId('bet-confirm').click();
  await expect(sheet.getByTestId('bet-problem')).toHaveText('Insufficient balance');
  await sheet.getByTestId('bet-coin-CHIP').click();
  await expect(sheet.getByTestId('bet-problem')).toBeHidden();
  await expect(sheet.getByTestId('bet-total-value')).toHaveText('50.00 CHIP');
  await page.waitForTimeout(CLICK_THROTTLE_MS);
  // The choices above can outlast a 10 s room's betting window on a loaded machine: the bet goes into
  // the period open at the confirmation, so that period is the one read (and still has time left).
  await freshPeriod();
  const periodId = (await page.getByTestId('game-period').textContent()) ?? '';
  await sheet.getByTestId('bet-confirm').click();
  await expect(sheet).toBeHidden();
  await expectToast(page, /^Bet placed: Green, .*50\.00 CHIP/);
  await expect(page.getByTestId('game-balance')).toHaveText('Balance 50.00 CHIP');

  // The bet is pending in My records until its period is drawn.
  await page.getByRole('tab', { name: 'My records' }).click();
  const record = page.getByTestId('game-record').first();
  await expect(record).toContainText(periodId);
  await expect(record.getByTestId('record-stake')).toHaveText('50.00 CHIP');
  await expect(record.getByTestId('record-fee')).toHaveText('1.00 CHIP');

  // The draw arrives live: the result popup for that period.
  const popup = page.getByTestId('result-popup');
  await expect(popup).toBeVisible({ timeout: 25_000 });
  await expect(popup).toContainText(periodId);
  // The headline follows the sign of the session's net in CHIP: one bet of 50 either wins (+48.00 or +23.50) or loses all.
  await expect(popup.getByTestId('result-popup-outcome')).toHaveText(/^(You won \+(48\.00|23\.50) CHIP|You lost -50\.00 CHIP)$/);
  await popup.getByTestId('result-popup-ok').click();
  await expect(popup).toBeHidden();

  // The record now has a final status, its income, profit and completion time.
  await expect(record.getByTestId('record-status')).toHaveText(/^(Win|Lose)$/);
  await expect(record.getByTestId('record-completed')).not.toHaveText('Not yet');
  const status = await record.getByTestId('record-status').textContent();
  // Green pays 2x on 1, 3, 7 and 9, and 1.5x on 5 (green and violet), less the 2% fee; it loses on the rest.
  const outcomes: Record<string, string> =
    status === 'Win'
      ? { '+48.00 CHIP': 'Balance 148.00 CHIP', '+23.50 CHIP': 'Balance 123.50 CHIP' }
      : { '-50.00 CHIP': 'Balance 50.00 CHIP' };
  const profit = (await record.getByTestId('record-profit').textContent())?.trim() ?? '';
  expect(Object.keys(outcomes)).toContain(profit);
  await expect(page.getByTestId('game-balance')).toHaveText(outcomes[profit] ?? '');
  await expect(page.getByTestId('no-more-data')).toHaveText('no more data');

  // Acknowledged: opening the room again does not show the popup a second time.
  await page.goto(`/pages/game/game?level=${SHORT_ROOM.level}`);
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  await page.getByRole('tab', { name: 'My records' }).click();
  await expect(page.getByTestId('game-record').first()).toContainText(periodId);
  await expect(popup).toHaveCount(0);

  // From the history, the verify screen recomputes the draw: every check OK.
  await page.getByRole('tab', { name: 'Past history' }).click();
  const row = page.getByTestId('history-row').filter({ hasText: periodId });
  await row.getByRole('button', { name: `Verify period ${periodId}` }).click();
  await page.waitForURL(`**/pages/game/verify?periodId=${periodId}`);
  await expect(page.getByTestId('verify-period')).toHaveValue(periodId);
  await expect(page.getByTestId('verify-verdict')).toHaveAttribute('data-verdict', 'verified');
  await expect(page.getByTestId('verify-verdict')).toContainText('Verified: the published result is the only possible one');
  const checks = page.getByTestId('verify-check');
  await expect(checks).toHaveCount(6);
  for (const check of await checks.all()) {
    await expect(check).toHaveAttribute('data-state', 'ok');
    await expect(check.getByTestId('verify-check-state')).toHaveText('OK');
  }
  await expect(page.getByTestId('verify-recomputed')).toHaveText((await page.getByTestId('verify-result').textContent()) ?? '');
});

test('the verify screen is public and explains a wrong period id', async ({ page }) => {
  await page.goto('/pages/game/verify');
  await expect(page.getByRole('heading', { name: 'How results are chosen' })).toBeVisible();
  // How many sessions were ever voided, for every room (nothing voids one now: a late beacon is waited for).
  await expect(page.getByTestId('verify-voids-count')).toHaveText(/^0 of \d+ finished sessions were voided \(every stake refunded\)\.$/);
  await page.getByTestId('verify-period').fill('12345');
  await page.getByTestId('verify-submit').click();
  await expect(page.getByText('Enter the 14-digit period id')).toBeVisible();
});

test('when live updates cannot connect, the game polls and still moves on to the next period', async ({ page }) => {
  test.setTimeout(90_000);
  await operatorAddsShortRoom(page.request);
  await registerThroughUi(page, uniquePhone(), 'secret123');
  // A proxy that drops server-sent events: the stream fails every time.
  await page.route('**/luckyLottery/events**', (route) => route.abort());
  await page.goto(`/pages/game/game?level=${SHORT_ROOM.level}`);
  await expect(page.getByText('Live updates paused, checking every 2 s…')).toBeVisible();
  const first = (await page.getByTestId('game-period').textContent()) ?? '';
  await expect(page.getByTestId('game-period')).not.toHaveText(first, { timeout: 15_000 });
  await expect(page.getByTestId('history-period').first()).toHaveText(first, { timeout: 10_000 });
});

test('when live updates come back, the game leaves polling at once, without waiting for the next event', async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughUi(page, uniquePhone(), 'secret123');
  // The stream fails until the proxy lets it through again.
  await page.route('**/luckyLottery/events**', (route) => route.abort());
  await page.goto('/pages/game/game?level=1');
  const period = page.getByTestId('game-period');
  await expect(period).toHaveText(/^\d{8}1\d{5}$/);
  // This 60 s room's events come around the end of a session: start with at least 30 s of one left, so none comes during the test.
  if ((await countdownSeconds(page.getByTestId('draw-countdown'))) < 30) {
    const first = (await period.textContent()) ?? '';
    await expect(period).not.toHaveText(first, { timeout: 45_000 });
  }
  await page.reload();
  const note = page.getByText('Live updates paused, checking every 2 s…');
  await expect(note).toBeVisible();
  await page.unroute('**/luckyLottery/events**');
  // The next retry (1 s, 2 s, 4 s ... after the failures so far) connects, and the page is live again at once.
  await expect(note).toBeHidden({ timeout: 10_000 });
});
