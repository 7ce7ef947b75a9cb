import type { APIRequestContext, Page } from '@playwright/test';
import { logIn, registeredUser } from './support/telegramClient';
import { expect, expectToast, test } from './support/test';

/**
 * My play (docs/protection.md): a player who bet sees the day's figures, as totals, a chart and a
 * table, in the light and dark themes and in Arabic (right to left); the reality check's "stop for
 * today" starts a 24-hour self-exclusion and the next bet is refused.
 */

interface Envelope<T> {
  code: number;
  message: string;
  result: T;
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Room 1's open session (60 s, betting closes 5 s before the draw). */
async function openSession(request: APIRequestContext): Promise<{ id: number }> {
  const response = await request.get('/core/app/game/luckyLottery/getSession', { params: { level: '1' } });
  return ((await response.json()) as Envelope<{ id: number }>).result;
}

/** A 1.00 CHIP bet on `betName` in room 1's open session; a bet that meets the cut-off tries the next session. */
async function bet(request: APIRequestContext, token: string, betName: string): Promise<Envelope<unknown>> {
  for (let attempt = 0; ; attempt += 1) {
    const session = await openSession(request);
    const response = await request.post('/core/app/game/luckyLottery/betting', {
      headers: auth(token),
      form: { gameSessionId: String(session.id), betName, baseAmount: '1', betMultiples: '1', totalBetAmount: '1.00', coin: 'CHIP' },
    });
    const body = (await response.json()) as Envelope<unknown>;
    if (body.message !== 'Error Session' || attempt === 3) return body;
    await expect.poll(async () => (await openSession(request)).id, { timeout: 10_000 }).not.toBe(session.id);
  }
}

async function post(request: APIRequestContext, token: string, url: string, form: Record<string, string>) {
  const body = (await (await request.post(`/core${url}`, { headers: auth(token), form })).json()) as Envelope<unknown>;
  expect(body.code, `${url}: ${body.message}`).toBe(200);
}

/** A new player with CHIP to bet: a (sandbox) USDT deposit, exchanged to CASH, then to CHIP. */
async function fundedPlayer(request: APIRequestContext): Promise<string> {
  const { token } = await registeredUser(request);
  await post(request, token, '/app/user/recharge/simulateDeposit', { walletType: 'TRC20', amount: '20' });
  await post(request, token, '/app/user/account/exchange', { fromCoin: 'USDT', toCoin: 'CASH', amount: '5' });
  await post(request, token, '/app/user/account/exchange', { fromCoin: 'CASH', toCoin: 'CHIP', amount: '10' });
  return token;
}

async function open(page: Page, locale: string, theme: string) {
  await page.addInitScript(
    ([lang, colours]) => {
      localStorage.setItem('prism.locale', lang as string);
      localStorage.setItem('prism.theme', colours as string);
    },
    [locale, theme] as const,
  );
  await page.goto('/pages/myPlay/myPlay');
  await expect(page.getByTestId('my-play-screen')).toBeVisible();
}

test("My play shows the day's bets as totals, a chart and a table, in light, dark and Arabic", async ({ page }) => {
  const token = await fundedPlayer(page.request);
  for (const name of ['Big', 'Small']) {
    const placed = await bet(page.request, token, name);
    expect(placed.code, placed.message).toBe(200);
  }
  const today = (
    (await (await page.request.get('/core/app/protection/myPlay', { headers: auth(token) })).json()) as Envelope<{
      days: { date: string }[];
    }>
  ).result.days.at(-1)?.date as string;
  await logIn(page, token);

  for (const [locale, theme] of [
    ['en-US', 'light'],
    ['en-US', 'dark'],
    ['ar', 'light'],
  ] as const) {
    await open(page, locale, theme);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.getByTestId('play-total-bets')).toContainText('2');
    await expect(page.getByTestId('play-total-staked')).toContainText('2.00');
    await expect(page.getByTestId('play-total-time')).toContainText('15');
    // The chart draws today's bar (a thin mark while the bets wait for their draw), the table its row.
    await expect(page.getByTestId('play-chart').locator(`rect[data-date="${today}"]`)).toHaveCount(1);
    const row = page.getByTestId(`play-day-${today}`);
    await expect(row).toBeVisible();
    await expect(row.locator('td').nth(1)).toHaveText('2');
  }
  await expect(page.getByTestId('play-time-rule')).toContainText('15');
});

test('the reality check\'s "stop for today" starts a 24-hour break, and the next bet is refused', async ({ page }) => {
  const token = await fundedPlayer(page.request);
  const placed = await bet(page.request, token, 'Big');
  expect(placed.code, placed.message).toBe(200);
  // A reality check falls due after 15 minutes of play; the server's clock cannot be moved here, so
  // the check's answer says "due" (its timing is covered by the API tests). Stopping is real.
  await page.route('**/core/app/protection/realityCheck', (route) =>
    route.fulfill({
      json: {
        code: 200,
        message: 'success',
        result: {
          due: true,
          minutesPlayed: 15,
          intervalMinutes: 15,
          results: [{ coin: 'CHIP', staked: '1.00', paidOut: '0.00', net: '-1.00' }],
        },
      },
    }),
  );
  await logIn(page, token);
  await page.goto('/pages/game/game');
  const dialog = page.getByTestId('reality-check');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('reality-my-play')).toBeVisible();
  await page.unroute('**/core/app/protection/realityCheck');
  await dialog.getByTestId('reality-stop').click();
  // Outside Telegram the app's own dialog confirms (inside, Telegram's popup).
  await page.getByTestId('confirm-ok').click();
  await expectToast(page, 'Break started', { exact: false });

  const settings = (await (await page.request.get('/core/app/protection/settings', { headers: auth(token) })).json()) as Envelope<{
    excludedUntil: string;
  }>;
  const hours = (Date.parse(settings.result.excludedUntil) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(23.9);
  expect(hours).toBeLessThanOrEqual(24);
  const refused = await bet(page.request, token, 'Small');
  expect(refused.code).toBe(13001);
});
