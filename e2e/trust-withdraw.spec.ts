import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from './support/constants';
import { logInThroughUi, smsCode, uniquePhone } from './support/helpers';

/**
 * docs/decisions.md, "What a player sees before money moves": the withdrawal page's figures add up to the balance. The
 * user recharges (the sandbox gateway for CASH, a sandbox chain deposit for
 * USDT, whose multiple no other test changes), redeems a gift code (a reward,
 * free) and exchanges part of the USDT; the page then shows, per currency, the
 * free part and the part the turnover rule holds with the bets still needed,
 * and those parts sum to the balance it shows. The setup goes through the API
 * the app calls; the check reads the page as a person does.
 */
const PASSWORD = 'secret123';

interface Envelope<T> {
  code: number;
  message: string;
  result: T;
}

async function call<T>(api: APIRequestContext, url: string, token: string, form: Record<string, string>): Promise<T> {
  const response = await api.post(`/core${url}`, { headers: { Authorization: `Bearer ${token}` }, form });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.result;
}

async function register(api: APIRequestContext, phone: string): Promise<string> {
  await api.post('/core/app/sms/sendSmsCodeNoAuth', { form: { phone, type: 'register' } });
  const code = await smsCode(api, phone);
  const form = { phone, password: PASSWORD, confirmPassword: PASSWORD, code };
  const registered = (await (await api.post('/core/app/auth/register', { form })).json()) as Envelope<{ token: string }>;
  expect(registered.code, registered.message).toBe(200);
  return registered.result.token;
}

/** "1,234.50" or "1234.50 USDT" -> 123450 (hundredths), so sums are exact. */
function hundredths(text: string): number {
  const match = /-?[\d,]+\.\d{2}/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  return Math.round(Number(match[0].replaceAll(',', '')) * 100);
}

async function amountOf(page: Page, testId: string): Promise<number> {
  return hundredths(await page.getByTestId(testId).innerText());
}

/** The parts the page shows for the open tab, and that they add up to the balance it shows. */
async function expectPartsAddUp(page: Page): Promise<{ balance: number; free: number; held: number }> {
  const balance = await amountOf(page, 'withdraw-balance');
  const free = await amountOf(page, 'withdraw-part-free');
  const held = await amountOf(page, 'withdraw-part-turnover');
  expect(free + held).toBe(balance);
  expect(await amountOf(page, 'withdraw-part-total')).toBe(balance);
  expect(await amountOf(page, 'withdraw-withdrawable')).toBe(free);
  return { balance, free, held };
}

test('after a recharge, a reward and an exchange, the withdrawal breakdown adds up to the balance', async ({ page, request }) => {
  const phone = uniquePhone();
  const token = await register(request, phone);

  // Recharges: 1000 CASH through the sandbox gateway, 20 USDT as a sandbox chain deposit.
  const order = await call<{ orderNo: string }>(request, '/app/user/cashRecharge/recharge', token, {
    payChannelName: 'sandbox',
    amount: '1000',
  });
  const paid = await request.post(`/core/pay/sandbox/${order.orderNo}/pay`, { form: { amount: '1000', action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await call(request, '/app/user/recharge/simulateDeposit', token, { walletType: 'TRC20', amount: '20' });

  // A reward: a gift code of 0.10 USDT the operator created (`npm run ops -- giftcode create`).
  const created = await request.post('/core/admin/giftCodes', {
    headers: { Authorization: `Ops ${E2E_OPS_TOKEN}` },
    form: { asset: 'USDT', amount: '0.10', totalUses: '1', days: '1' },
  });
  const giftCode = ((await created.json()) as Envelope<{ code: string }>).result.code;
  await call(request, '/app/giftCode/redeem', token, { code: giftCode });

  // An exchange of 5 USDT to CASH: it takes held money first, so the free 0.10 stays free.
  await call(request, '/app/user/account/exchange', token, { fromCoin: 'USDT', toCoin: 'CASH', amount: '5' });

  await page.goto('/pages/login/login');
  await logInThroughUi(page, phone, PASSWORD);
  await page.goto('/pages/Withdrawalpage/Withdrawalpage?tab=usdt');
  await expect(page.getByTestId('withdraw-breakdown')).toBeVisible();
  await expect(page.getByTestId('withdraw-balance')).toContainText('15.10');

  const usdt = await expectPartsAddUp(page);
  expect(usdt).toEqual({ balance: 1_510, free: 10, held: 1_500 });
  await expect(page.getByTestId('withdraw-turnover')).toHaveText('15.00 USDT more in bets frees what the turnover rule holds.');
  await expect(page.getByTestId('withdraw-rewards-rule')).toContainText('Rewards (gift codes, level rewards, daily sign-in)');
  await expect(page.getByTestId('withdraw-rules')).toContainText('1 × the amount recharged');

  // CASH: the recharge and the exchanged USDT (425 CASH, held as it was in USDT). Only the sum is
  // checked here: another test file may set the CASH multiple to 0 meanwhile, which frees CASH at once.
  await page.getByRole('tab', { name: 'Cash' }).click();
  await expect(page.getByTestId('withdraw-balance')).toContainText('1425.00');
  await expectPartsAddUp(page);
});
