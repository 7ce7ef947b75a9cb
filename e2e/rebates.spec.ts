import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, request as playwrightRequest, test } from '@playwright/test';
import { type CoreProcess, startCoreProcess } from '../apps/core/src/testing/process';
import { E2E_BREAK_GLASS_TOKEN } from './support/constants';
import { SHORT_ROOM } from './support/game';
import { logInThroughUi, registerThroughUi, smsCode, uniquePhone } from './support/helpers';

/**
 * Rebates pay a platform day once it has ended, so this test needs a day to
 * pass: it runs its own core on its own embedded database with a simulated
 * clock (CLOCK_START, refused in production). Day one: the invitee binds a
 * wallet, recharges and bets. The server stops; the next day it starts again
 * on the same data, the rebate job catches up the missed day at start, and the
 * inviter sees the figures and the rebates in the app, as a person would.
 */

const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PASSWORD = 'secret123';

/** Noon UTC today and tomorrow: the same local dates in any zone within ±11 h (the platform's default zone included). */
function noonUtc(daysFromToday: number): string {
  const day = new Date(Date.now() + daysFromToday * 86_400_000);
  return `${day.toISOString().slice(0, 10)}T12:00:00.000Z`;
}

function startDay(dataDir: string, clockStart: string): Promise<CoreProcess> {
  return startCoreProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SKIP_WEB: 'false',
    DEV_OUTBOX: 'true',
    OPS_TOKEN: E2E_BREAK_GLASS_TOKEN,
    CLOCK_START: clockStart,
    RATE_LIMIT_AUTH_PER_MINUTE: '10000',
    RATE_LIMIT_SMS_PER_MINUTE: '10000',
  });
}

interface Envelope<T> {
  code: number;
  message: string;
  result: T;
}

async function call<T>(api: APIRequestContext, method: 'get' | 'post', url: string, token: string, form?: Record<string, string>) {
  const response = await api[method](`/core${url}`, {
    headers: { Authorization: `Bearer ${token}` },
    ...(method === 'get' ? { params: form } : { form }),
  });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.result;
}

/** The invitee, through the same API the app calls: register with the code, bind a wallet, recharge 1,000 CASH in the sandbox, bet 100 CHIP. */
async function inviteeDay(api: APIRequestContext, invitationCode: string): Promise<void> {
  const phone = uniquePhone();
  await api.post('/core/app/sms/sendSmsCodeNoAuth', { form: { phone, type: 'register' } });
  const code = await smsCode(api, phone);
  const registered = (await (
    await api.post('/core/app/auth/register', { form: { phone, password: PASSWORD, confirmPassword: PASSWORD, code, invitationCode } })
  ).json()) as Envelope<{ token: string }>;
  expect(registered.code, registered.message).toBe(200);
  const token = registered.result.token;

  await call(api, 'post', '/app/user/wallet/bind', token, { walletType: 'TRC20', address: TRC20 });
  const order = await call<{ orderNo: string }>(api, 'post', '/app/user/cashRecharge/recharge', token, {
    payChannelName: 'sandbox',
    amount: '1000',
  });
  const paid = await api.post(`/core/pay/sandbox/${order.orderNo}/pay`, { form: { amount: '1000', action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await call(api, 'post', '/app/user/account/exchange', token, { fromCoin: 'CASH', toCoin: 'CHIP', amount: '200' });

  // The current period may be closing: try the next one then.
  await expect
    .poll(
      async () => {
        const current = await call<{ id: number }>(api, 'get', '/app/game/luckyLottery/getSession', token, { level: SHORT_ROOM.level });
        const answer = (await (
          await api.post('/core/app/game/luckyLottery/betting', {
            headers: { Authorization: `Bearer ${token}` },
            form: { gameSessionId: String(current.id), betName: 'Red', baseAmount: '10', betMultiples: '10', totalBetAmount: '100.00' },
          })
        ).json()) as Envelope<unknown>;
        return answer.code;
      },
      { timeout: 30_000, intervals: [1_000] },
    )
    .toBe(200);
  // Wait for the draw: a rebate counts a bet once it is settled (won or lost).
  await expect
    .poll(
      async () => {
        const records = await call<{ content: unknown[] }>(api, 'get', '/app/game/luckyLottery/userLotteryRecordPage', token, {
          level: SHORT_ROOM.level,
        });
        return JSON.stringify(records.content[0] ?? {});
      },
      { timeout: 40_000, intervals: [1_000] },
    )
    .toMatch(/WIN|LOSE/i);
}

async function inviterPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test('an invitee binds a wallet, recharges and bets; the next day the inviter sees the figures and the rebates', async ({ browser }) => {
  test.setTimeout(300_000);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-e2e-rebates-'));
  const inviterPhone = uniquePhone();

  // Day one.
  const dayOne = await startDay(dataDir, noonUtc(0));
  try {
    const ops = await playwrightRequest.newContext({ baseURL: dayOne.url });
    // The process's operator client provisions an owner with the break-glass token on first use.
    await dayOne.ops.post('/admin/game/levels', { ...SHORT_ROOM });

    const page = await inviterPage(browser, dayOne.url);
    await registerThroughUi(page, inviterPhone, PASSWORD);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    const code = (await page.getByTestId('invitation-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);

    await inviteeDay(ops, code);

    // Still day one: the figures are there, the rebates are not (the day has not ended).
    await page.reload();
    await expect(page.getByTestId('team-direct-recharge')).toContainText('1000.00');
    await expect(page.getByTestId('team-direct-bet')).toContainText('100.00');
    await expect(page.getByTestId('team-contribution')).toContainText('0.00');
    await page.context().close();
    await ops.dispose();
  } finally {
    expect(await dayOne.stop()).toBe(0);
  }

  // The next day, after the downtime: the job pays the missed day when the server starts.
  const dayTwo = await startDay(dataDir, noonUtc(1));
  try {
    const page = await inviterPage(browser, dayTwo.url);
    await page.goto('/pages/login/login');
    await logInThroughUi(page, inviterPhone, PASSWORD);

    // Level 1 of 1,000 CASH recharged (1.00%) + the register reward (1.00) = 11.00; of 100 CHIP bet (0.30%) = 0.30.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('team-contribution')).toContainText('11.30', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByTestId('team-direct-recharge')).toContainText('1000.00');
    await expect(page.getByTestId('team-direct-bet')).toContainText('100.00');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
    await expect(page.getByTestId('account-yesterday-commission')).toContainText('11.30');
    await expect(page.getByTestId('account-balance')).toContainText('11.00');

    await page.goto('/pages/assetRecords/assetRecords');
    await expect(page.getByTestId('asset-record').filter({ hasText: 'Rebate' })).toHaveCount(3);
    await page.context().close();
  } finally {
    expect(await dayTwo.stop()).toBe(0);
  }
});
