import type { Page } from '@playwright/test';
import { registerThroughUi, uniquePhone } from './support/helpers';
import { expect, expectToast, test } from './support/test';

/** Submit buttons ignore a second tap within 1000 ms (specification point 9), so a test waits as a person would. */
const CLICK_THROTTLE_MS = 1_000;

/** Recharges CASH through the sandbox gateway's own page, as a new user would. */
async function rechargeInSandbox(page: Page): Promise<void> {
  await page.goto('/pages/Rechargepage/Rechargepage');
  await page.getByTestId('quick-amount-2000').click();
  await page.getByRole('button', { name: 'Recharge', exact: true }).click();
  await page.waitForURL('**/core/pay/sandbox/**');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage?orderNo=**');
  await expect(page.getByTestId('order-balance')).toHaveText('CASH balance now $2000.00');
}

async function openTaskPlatform(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Task Platform' }).click();
  await page.waitForURL('**/pages/DoubleInvest/DoubleInvest');
}

test('a new user recharges, buys a power package after confirming, sees power and records, and gifts power to a second user', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The receiver registers first, in a browser of their own.
  const receiverContext = await browser.newContext();
  const receiver = await receiverContext.newPage();
  const receiverPhone = uniquePhone();
  await registerThroughUi(receiver, receiverPhone, 'secret123');

  await registerThroughUi(page, uniquePhone(), 'secret123');
  await rechargeInSandbox(page);
  await page.goto('/pages/home/home');
  await openTaskPlatform(page);

  // My power by kind (nothing yet), the packages by category, the other earning products.
  await expect(page.getByTestId('power-basic')).toHaveText('0.00');
  await expect(page.getByTestId('power-personal')).toHaveText('0.00');
  await expect(page.getByRole('tab', { name: 'Starter' })).toBeVisible();
  await expect(page.getByTestId('entry-follow-invest')).toBeVisible();
  await expect(page.getByTestId('entry-deposit')).toBeVisible();
  const starter = page.getByTestId('power-package').first();
  await expect(starter).toContainText('Starter 7');
  await expect(starter).toContainText('1.00%');
  await starter.getByRole('button', { name: 'Buy' }).click();

  // The detail page is the confirmation: what it costs and pays, from which balance.
  await page.waitForURL('**/pages/DoubleInvest/detail/detail?id=**');
  await expect(page.getByTestId('power-pay-from')).toHaveText('Paid from your balance: 2000.00 CASH');
  await expect(page.getByText('You pay 10.00 CASH and get 10.00 power.', { exact: false })).toBeVisible();
  await page.getByTestId('power-confirm').click();
  await expectToast(page, 'Purchase Successful');
  await page.waitForURL('**/pages/DoubleInvest/DoubleInvest');
  await expect(page.getByTestId('power-basic')).toHaveText('10.00');
  await expect(page.getByTestId('power-personal')).toHaveText('10.00');
  await expect(page.getByTestId('power-holding').first()).toContainText('Starter 7');
  await expect(page.getByTestId('power-holding').first()).toContainText('Earning');

  // The power records.
  await page.getByTestId('power-records-link').click();
  await page.waitForURL('**/pages/DoubleInvest/records/records');
  await expect(page.getByTestId('power-record').first()).toContainText('Power purchased');
  await expect(page.getByTestId('power-record-amount').first()).toHaveText('+10.00');

  // Gift power to the second user by phone: errors first (oneself is refused by the server, nothing changes).
  await page.goBack();
  await page.waitForURL('**/pages/DoubleInvest/DoubleInvest');
  await page.getByTestId('power-give-link').click();
  await page.waitForURL('**/pages/DoubleInvest/givenPower/givenPower');
  await page.getByTestId('give-account').fill('0000000000');
  await page.getByTestId('give-confirm').click();
  await page.getByTestId('spend-ok').click();
  await expectToast(page, 'No user has this phone number or invitation code');
  await page.waitForTimeout(CLICK_THROTTLE_MS);
  await page.getByTestId('give-account').fill(receiverPhone);
  await page.getByTestId('give-confirm').click();
  await page.getByTestId('spend-ok').click();
  await expectToast(page, 'Given: 10.00 power to', { exact: false });
  await expect(page.getByTestId('power-record').first()).toContainText('Gift power given');

  // The receiver sees gift power and a record.
  await receiver.goto('/pages/DoubleInvest/DoubleInvest');
  await expect(receiver.getByTestId('power-gift')).toHaveText('10.00');
  await expect(receiver.getByTestId('power-basic')).toHaveText('0.00');
  await receiver.getByTestId('power-records-link').click();
  await expect(receiver.getByTestId('power-record').first()).toContainText('Gift power received');
  await receiverContext.close();
});
