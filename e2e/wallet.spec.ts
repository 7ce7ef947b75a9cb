import type { Page } from '@playwright/test';
import { registerThroughUi, uniquePhone } from './support/helpers';
import { telegramLaunchUrl } from './support/telegram';
import { expect, expectToast, test } from './support/test';
import { lastBotMessageId, lastSmsId, newSmsCode, operatorOpensWithdrawals, telegramCode } from './support/wallet';

/** Submit buttons ignore a second tap within 1000 ms (specification point 9), so a test waits as a person would. */
const CLICK_THROTTLE_MS = 1_000;

async function openPersonal(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
  await page.waitForURL('**/pages/account/account');
}

/** The back arrow of a page opened from the Personal tab. */
async function backToPersonal(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL('**/pages/account/account');
}

test('a new Telegram user recharges CASH, binds a card and an address, withdraws and sees it all in the records', async ({ page }) => {
  test.setTimeout(120_000);
  const phone = uniquePhone();
  const password = 'secret123';
  const telegramUser = { id: 810_000_000 + Math.floor(Math.random() * 1e6), username: `wendy_${Date.now() % 1e6}` };
  await operatorOpensWithdrawals(page.request);

  // Opened from Telegram, the new user registers (which links the Telegram account).
  await page.goto(telegramLaunchUrl(telegramUser));
  await page.waitForURL('**/pages/login/login**');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  let smsId = await lastSmsId(page.request, phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await newSmsCode(page.request, phone, smsId));
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL('**/pages/home/home');
  await expect(page.getByTestId('balance-cash')).toHaveText('CASH $0.00');
  await expect(page.getByText('CHIP 0.00')).toBeVisible();

  // The payment password (a code by SMS again).
  await openPersonal(page);
  await page.getByRole('button', { name: 'Payment password' }).click();
  await page.waitForURL('**/pages/paymentPassword/paymentPassword');
  await page.getByLabel('Payment password', { exact: true }).fill('246810');
  await page.getByLabel('Confirm payment password').fill('246810');
  smsId = await lastSmsId(page.request, phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Verification code').fill(await newSmsCode(page.request, phone, smsId));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expectToast(page, 'Updated Successfully');
  await page.waitForURL('**/pages/account/account');

  // Recharge CASH through the sandbox gateway's own page.
  await page.getByTestId('action-recharge').click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage');
  await expect(page.getByTestId('demo-money-badge')).toHaveText('Demo money');
  await expect(page.getByTestId('stepper-value')).toHaveValue('1000');
  await expect(page.getByTestId('stepper-minus')).toBeDisabled();
  await page.getByTestId('stepper-plus').click();
  await expect(page.getByTestId('stepper-value')).toHaveValue('2000');
  await page.getByTestId('quick-amount-50000').click();
  await expect(page.getByTestId('stepper-plus')).toBeDisabled();
  await page.getByTestId('quick-amount-2000').click();
  await page.getByRole('button', { name: 'Recharge', exact: true }).click();
  await page.waitForURL('**/core/pay/sandbox/**');
  await expect(page.getByText('DEMO: this is a sandbox payment with play money.')).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage?orderNo=**');
  await expect(page.getByTestId('order-status')).toHaveText('Paid');
  await expect(page.getByTestId('order-balance')).toHaveText('CASH balance now $2000.00');
  await expect(page.getByTestId('recharge-records')).toContainText('2000.00 CASH');

  // The Usdt tab: the TRC20 deposit address with its QR code and rules.
  await page.getByRole('tab', { name: 'Usdt' }).click();
  await expect(page.getByTestId('deposit-address')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await expect(page.getByText('The deposit arrives after 12 network confirmations.')).toBeVisible();
  await expect(page.getByText('Minimum deposit 1 USDT; smaller deposits are not credited.')).toBeVisible();

  await page.goto('/pages/home/home');
  await expect(page.getByTestId('balance-cash')).toHaveText('CASH $2000.00');

  // Where withdrawals go: a bank card, and a USDT address (checked for its network before it is sent).
  await openPersonal(page);
  await page.getByTestId('action-bankCard').click();
  await page.waitForURL('**/pages/bankCard/bankCard');
  await expect(page.getByText('No bank card yet')).toBeVisible();
  await page.getByTestId('bank-add').click();
  await page.getByTestId('bank-save').click();
  await expect(page.getByText('Please enter the bank name')).toBeVisible();
  await expect(page.getByText('Enter a valid IFSC code, e.g. SBIN0001234')).toBeVisible();
  await page.getByLabel('Bank name').fill('HDFC Bank');
  await page.getByLabel('Account number').fill('1234 5678 9012');
  await page.getByLabel('Cardholder').fill('Wendy Rao');
  await page.getByLabel('IFSC').fill('hdfc0001234');
  await page.waitForTimeout(CLICK_THROTTLE_MS);
  await page.getByTestId('bank-save').click();
  await expectToast(page, 'Successfully Bound');
  await expect(page.getByTestId('bank-cards')).toContainText('HDFC Bank ••••9012');

  await page.getByTestId('address-TRC20').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
  await page.getByTestId('bind-TRC20').click();
  await expect(page.getByText('This address is not valid for the chosen network')).toBeVisible();
  await page.getByTestId('address-TRC20').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  await page.waitForTimeout(CLICK_THROTTLE_MS);
  await page.getByTestId('bind-TRC20').click();
  await expectToast(page, 'Successfully Bound');
  await expect(page.getByTestId('bind-TRC20')).toHaveText('Change');
  await backToPersonal(page);

  // Withdraw 1000.00 CASH (at the automatic approval amount): fee and "you receive" before confirming.
  await page.getByTestId('action-withdraw').click();
  await page.waitForURL('**/pages/Withdrawalpage/Withdrawalpage');
  await expect(page.getByTestId('withdraw-balance')).toHaveText('Balance CASH $2000.00');
  await expect(page.getByTestId('withdraw-withdrawable')).toHaveText('Withdrawable $2000.00');
  await expect(page.getByTestId('withdraw-rules')).toContainText('Fee2%');
  await page.getByTestId('withdraw-amount').fill('1000');
  await expect(page.getByTestId('withdraw-fee')).toHaveText('20.00 CASH');
  await expect(page.getByTestId('withdraw-receive')).toHaveText('980.00 CASH');
  await expect(page.getByRole('radio', { name: /HDFC Bank ••••9012/ })).toBeChecked();
  await page.getByLabel('Payment password').fill('246810');
  const botMessageId = await lastBotMessageId(page.request, telegramUser.id);
  await page.getByRole('button', { name: 'Get code in Telegram' }).click();
  await expect(page.getByTestId('code-sent-to')).toHaveText(`The code was sent to @${telegramUser.username} in Telegram.`);
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeVisible();
  await page.getByLabel('Telegram code').fill(await telegramCode(page.request, telegramUser.id, botMessageId));
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  // The payment's confirmation: the amount and the balance after.
  await expect(page.getByTestId('spend-after')).toHaveText('1000.00 CASH');
  await page.getByTestId('spend-ok').click();
  await expect(page.getByTestId('withdraw-result-status')).toHaveText('Paid');
  await expect(page.getByTestId('withdraw-result')).toContainText('Paid: 980.00 CASH is on its way.');
  await expect(page.getByTestId('withdraw-balance')).toHaveText('Balance CASH $1000.00');
  await expect(page.getByTestId('withdraw-history')).toContainText('1000.00 CASH');
  await expect(page.getByTestId('withdraw-history')).toContainText('Paid');

  // The USDT tab knows the bound address.
  await page.getByRole('tab', { name: 'Usdt' }).click();
  await expect(page.getByTestId('withdraw-address')).toHaveText('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');

  // The asset records: newest first, signed, 2 decimals, with the coin.
  await backToPersonal(page);
  await page.getByTestId('action-assetRecords').click();
  await page.waitForURL('**/pages/assetRecords/assetRecords');
  const records = page.getByTestId('asset-record');
  await expect(records).toHaveCount(2);
  await expect(records.nth(0)).toContainText('Withdrawal');
  await expect(records.nth(0)).toContainText('-1000.00 CASH');
  await expect(records.nth(1)).toContainText('Recharge');
  await expect(records.nth(1)).toContainText('+2000.00 CASH');
  await expect(page.getByTestId('no-more-data')).toHaveText('no more data');
  await page.getByTestId('records-filter-USDT').click();
  await expect(page.getByText('No records yet')).toBeVisible();

  // The recharge landed in the notices; opening it marks it read.
  await backToPersonal(page);
  await page.getByRole('button', { name: /Notices/ }).click();
  await page.waitForURL('**/pages/notice/notice');
  const notice = page.getByTestId('notice').filter({ hasText: 'Recharge received' });
  await expect(notice).toHaveAttribute('data-unread', 'true');
  await notice.click();
  await page.waitForURL('**/pages/notice/noticeDetail/noticeDetail?id=**');
  await expect(page.getByTestId('notice-detail')).toContainText('2000.00 CASH has been added to your balance');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Recharge received' })).not.toHaveAttribute('data-unread', 'true');
});

test('in play-money mode a newcomer tries a USDT deposit from the recharge screen (DEMO)', async ({ page }) => {
  await registerThroughUi(page, uniquePhone(), 'secret123');
  await openPersonal(page);
  await expect(page.getByTestId('account-usdt')).toContainText('0.00');
  await page.getByTestId('action-recharge').click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage');
  await page.getByRole('tab', { name: 'Usdt' }).click();
  await expect(page.getByTestId('deposit-address')).toHaveText(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  await expect(page.getByText('DEMO', { exact: true })).toBeVisible();
  await page.getByLabel('Amount (USDT)').fill('25');
  await page.getByTestId('simulate-deposit').click();
  await expect(page.getByTestId('simulate-deposit-result')).toHaveText('Demo deposit of 25 USDT on TRC20 credited to your balance.');
  await expect(page.getByTestId('recharge-records')).toContainText('USDT deposit · TRC20');
  await expect(page.getByTestId('recharge-records')).toContainText('25.00');

  await page.goto('/pages/account/account');
  await expect(page.getByTestId('account-usdt')).toContainText('25.00');
});
