import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { E2E_OPS_TOKEN } from './support/constants';
import {
  expectLatest,
  installTelegramClient,
  launchUrl,
  logIn,
  pressMainButton,
  pressSecondaryButton,
  registeredUser,
} from './support/telegramClient';
import { expect, expectToast, test } from './support/test';

/**
 * docs/decisions.md, "What a player sees before money moves": a spend asks first (the amount and the balance
 * after), the giver's record of a gift is money out, and a product shows its
 * return net of every fee, saying so when it loses money.
 */

const asOperator = { Authorization: `Ops ${E2E_OPS_TOKEN}` };
const unique = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

async function operatorPost<T>(request: APIRequestContext, path: string, form: Record<string, string>): Promise<T> {
  const response = await request.post(`/core/admin/${path}`, { headers: asOperator, form });
  const body = (await response.json()) as { code: number; message: string; result: T };
  expect(body.code, body.message).toBe(200);
  return body.result;
}

/** A user with `amount` CASH, from a gift code the operator makes. */
async function fundedUser(request: APIRequestContext, amount: string): Promise<string> {
  const { code } = await operatorPost<{ code: string }>(request, 'giftCodes', { asset: 'CASH', amount, totalUses: '1', days: '1' });
  const { token } = await registeredUser(request);
  const redeemed = await request.post('/core/app/giftCode/redeem', { headers: { Authorization: token }, form: { code } });
  expect(((await redeemed.json()) as { code: number }).code).toBe(200);
  return token;
}

/** The colour `var(--name)` resolves to on this page, as getComputedStyle writes colours. */
const themeColour = (page: Page, name: string) =>
  page.evaluate((variable) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${variable})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, name);

const colourOf = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).color);

/** A 50 CASH power package (no fee) for the gift tests, created as the operator would. */
function fiftyCashPackage(request: APIRequestContext, name: string) {
  return operatorPost<{ id: number }>(request, 'powerSessions', {
    cateId: '1',
    cateName: 'Starter',
    name,
    coin: 'CASH',
    price: '50',
    power: '50',
    termDays: '7',
    dailyRateBps: '100',
    feeBps: '0',
    dailyLimit: '5',
  });
}

test('gift power asks with the amount and the balance after; cancel spends nothing; the giver sees money out', async ({
  page,
  request,
}) => {
  const name = `Trust ${unique()}`;
  const pkg = await fiftyCashPackage(request, name);
  const token = await fundedUser(request, '120');
  const receiver = await registeredUser(request);
  await logIn(page, token);

  await page.goto('/pages/DoubleInvest/givenPower/givenPower');
  await page.getByTestId('give-package').selectOption(String(pkg.id));
  await page.getByTestId('give-account').fill(receiver.phone);
  await page.getByTestId('give-confirm').click();

  // The confirmation: 50.00 out of 120.00 leaves 70.00.
  const confirm = page.getByTestId('spend-confirm');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('spend-what')).toContainText(name);
  await expect(confirm.getByTestId('spend-amount')).toHaveText('-50.00 CASH');
  await expect(confirm.getByTestId('spend-balance')).toHaveText('120.00 CASH');
  await expect(confirm.getByTestId('spend-after')).toHaveText('70.00 CASH');

  // Cancel: nothing is spent, no record is written.
  await confirm.getByTestId('spend-cancel').click();
  await expect(confirm).toHaveCount(0);
  await page.goto('/pages/DoubleInvest/records/records');
  await expect(page.getByText('No power records yet')).toBeVisible();
  await expect(page.getByTestId('power-record')).toHaveCount(0);
  const info = await request.get('/core/app/user/getUserInfo', { headers: { Authorization: token } });
  expect(((await info.json()) as { result: { cash: string } }).result.cash).toBe('120.00');

  // Confirm: the gift is made, and the giver's record is money out, in the loss colour.
  await page.goto('/pages/DoubleInvest/givenPower/givenPower');
  await page.getByTestId('give-package').selectOption(String(pkg.id));
  await page.getByTestId('give-account').fill(receiver.phone);
  await page.getByTestId('give-confirm').click();
  await expect(page.getByTestId('spend-after')).toHaveText('70.00 CASH');
  await page.getByTestId('spend-ok').click();
  await expectToast(page, 'Given: 50.00 power to', { exact: false });
  await page.goto('/pages/DoubleInvest/records/records');
  const record = page.getByTestId('power-record').first();
  await expect(record).toContainText('Gift power given');
  const amount = record.getByTestId('power-record-amount');
  await expect(amount).toHaveText('-50.00');
  await expect(amount).toHaveClass(/amount-down/);
  expect(await colourOf(amount)).toBe(await themeColour(page, '--down'));
  expect(await colourOf(amount)).not.toBe(await themeColour(page, '--up'));
});

test('inside Telegram the confirmation is the MainButton (Pay) and the SecondaryButton (Cancel)', async ({ page, request }) => {
  const pkg = await fiftyCashPackage(request, `Trust ${unique()}`);
  const token = await fundedUser(request, '60');
  const receiver = await registeredUser(request);
  await logIn(page, token);
  await installTelegramClient(page);
  await page.goto(launchUrl('/pages/DoubleInvest/givenPower/givenPower'));
  await page.getByTestId('give-package').selectOption(String(pkg.id));
  await page.getByTestId('give-account').fill(receiver.phone);
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Give' });
  await pressMainButton(page);
  await expect(page.getByTestId('spend-after')).toHaveText('10.00 CASH');
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Pay 50.00 CASH' });
  await expectLatest(page, 'web_app_setup_secondary_button', { is_visible: true, text: 'Cancel' });
  await expect(page.getByTestId('spend-ok')).toHaveCount(0);
  // Cancel: the sheet goes, the form's MainButton comes back, nothing is spent.
  await pressSecondaryButton(page);
  await expect(page.getByTestId('spend-confirm')).toHaveCount(0);
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Give' });
  await page.waitForTimeout(1_100); // the form ignores a second tap within 1 s
  await pressMainButton(page);
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Pay 50.00 CASH' });
  await pressMainButton(page);
  await expectToast(page, 'Given: 50.00 power to', { exact: false });
});

test('a follow-invest product shows its return net of the 10 % fee, and says when it loses money', async ({ page, request }) => {
  const advisorName = `Net ${unique()}`;
  // 0.80 % a day for 7 days is 5.60 %; less the 10 % management fee: -4.40 % (the product of the issue).
  await operatorPost(request, 'followInvest/products', { advisorName, price: '100', days: '7', dailyRate: '0.80', giftRate: '0' });
  const { token } = await registeredUser(request);
  await logIn(page, token);
  await page.goto('/pages/followInvest/followInvest');
  const product = page.getByTestId('follow-products').getByRole('listitem').filter({ hasText: advisorName });
  await expect(product.getByTestId('follow-net-return')).toHaveText('-4.40 CASH (-4.40%)');
  await expect(product.getByTestId('follow-net-return-loss')).toHaveText('You get back less than you pay: -4.40%');
  await expect(product).not.toContainText('Total return');
});
