import type { Page } from '@playwright/test';
import { registerThroughUi, uniquePhone } from './support/helpers';
import { expect, expectToast, test } from './support/test';

async function openPersonal(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
  await page.waitForURL('**/pages/account/account');
}

/** A new user recharges in the sandbox, opens a fixed deposit, transfers part of it out, and orders an advisor product. */
test('recharge, open a fixed deposit and transfer part out, then follow an advisor and see the order', async ({ page }) => {
  test.setTimeout(120_000);
  await registerThroughUi(page, uniquePhone(), 'secret123');
  await openPersonal(page);

  // Recharge 2000 CASH through the sandbox gateway's page.
  await page.getByTestId('action-recharge').click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage');
  await page.getByTestId('quick-amount-2000').click();
  await page.getByRole('button', { name: 'Recharge', exact: true }).click();
  await page.waitForURL('**/core/pay/sandbox/**');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage?orderNo=**');
  await expect(page.getByTestId('order-status')).toHaveText('Paid');

  // Fixed deposit: 1000 for 30 days at 5.00%; the interest is shown before confirming.
  await page.goto('/pages/account/account');
  await page.getByRole('button', { name: 'Fixed deposit' }).click();
  await page.waitForURL('**/pages/deposit/deposit');
  await expect(page.getByText('No deposits yet')).toBeVisible();
  await page.getByTestId('deposit-new').click();
  await page.waitForURL('**/pages/deposit/form');
  await page.getByTestId('deposit-term-30').check();
  await page.getByTestId('deposit-amount').fill('1000');
  await expect(page.getByTestId('deposit-quote-daily')).toHaveText('0.13');
  await expect(page.getByTestId('deposit-quote-expected')).toHaveText('3.90');
  await page.getByTestId('deposit-submit').click();
  await page.getByTestId('spend-ok').click();
  await expectToast(page, 'Deposit opened');
  await page.waitForURL('**/pages/deposit/deposit');
  const row = page.getByTestId('deposit-row').first();
  await expect(row.getByTestId('deposit-principal')).toHaveText('1000.00 CASH');
  await expect(row.getByTestId('deposit-status')).toHaveText('Holding');

  // Transfer out: an amount is required; 400 of the 1000 comes back and stops earning.
  await row.getByTestId('deposit-out').click();
  await page.waitForURL('**/pages/deposit/outForm?id=**');
  await page.getByTestId('deposit-out-submit').click();
  await expect(page.getByText('Fixed-deposit transfer requires an amount')).toBeVisible();
  await page.getByTestId('deposit-out-amount').fill('1000.01');
  await expect(page.getByText('The amount is more than this deposit holds')).toBeVisible();
  await page.getByTestId('deposit-out-amount').fill('400');
  await page.waitForTimeout(1_000); // submit buttons ignore a second tap within 1000 ms
  await page.getByTestId('deposit-out-submit').click();
  await expectToast(page, '400.00 CASH transferred out');
  await page.waitForURL('**/pages/deposit/deposit');
  await expect(page.getByTestId('deposit-row').first().getByTestId('deposit-principal')).toHaveText('600.00 CASH');
  await expect(page.getByTestId('deposit-row').first().getByTestId('deposit-transferred')).toHaveText('400.00');

  // Follow-invest: the order confirmation shows the daily earnings, the 10% fee and the maturity amount first.
  await page.goto('/pages/account/account');
  await page.getByRole('button', { name: 'Follow-invest (advisors)' }).click();
  await page.waitForURL('**/pages/followInvest/followInvest');
  // The 100 CASH advisor's own card: other specs on the same server add advisors (one at 1,000,000).
  const card = page
    .locator('section.card')
    .filter({ has: page.getByTestId('follow-product').filter({ hasText: '100.00 CASH' }) })
    .first();
  await expect(card).toBeVisible();
  await card.getByTestId('follow-open').click();
  const sheet = page.getByTestId('follow-confirm');
  await expect(sheet.getByTestId('follow-amount')).toHaveValue('100.00');
  await expect(sheet.getByTestId('follow-quote-daily')).toHaveText('0.80');
  await expect(sheet.getByTestId('follow-quote-fee')).toHaveText('10.00');
  await expect(sheet.getByTestId('follow-quote-maturity')).toHaveText('90.00');
  await sheet.getByTestId('follow-submit').click();
  await expectToast(page, 'Purchase Successful');
  await page.getByTestId('follow-my-orders').click();
  await page.waitForURL('**/pages/followInvest/orders');
  const order = page.getByTestId('follow-order').first();
  await expect(order).toContainText('Alice Chen');
  await expect(order.getByTestId('follow-order-staking')).toHaveText('100.00 CASH');
  await expect(order.getByTestId('follow-order-status')).toHaveText('Holding');

  // What is left: 2000 - 1000 + 400 - 100.
  await page.goto('/pages/account/account');
  await expect(page.getByTestId('account-balance')).toContainText('1300.00');
});
