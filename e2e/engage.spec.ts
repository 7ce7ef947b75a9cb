import { E2E_OPS_TOKEN } from './support/constants';
import { registerThroughUi, uniquePhone } from './support/helpers';
import { expect, expectToast, test } from './support/test';

test('a new user signs in on Home: day 1 pays 0.10 CASH once, and the week shows it', async ({ page }) => {
  await registerThroughUi(page, uniquePhone(), 'secret123');
  await expect(page.getByText('CASH $0.00')).toBeVisible();
  await expect(page.getByTestId('sign-in-day-1')).toHaveAttribute('data-state', 'today');
  await expect(page.getByTestId('sign-in-day-7')).toContainText('+0.32');

  await page.getByTestId('sign-in-button').click();
  await expectToast(page, 'Signed in: +0.10 CASH');
  await expect(page.getByText('CASH $0.10')).toBeVisible();
  await expect(page.getByTestId('sign-in-day-1')).toHaveAttribute('data-state', 'signed');
  await expect(page.getByTestId('sign-in-button')).toBeDisabled();
  await expect(page.getByTestId('sign-in-streak')).toHaveText('Current streak: 1');

  // Still signed after a reload: the state is the server's, not the page's.
  await page.reload();
  await expect(page.getByTestId('sign-in-button')).toHaveText('Signed in today · come back tomorrow');
  await expect(page.getByText('CASH $0.10')).toBeVisible();
});

test('a user redeems a gift code the operator created, once, and sees the record', async ({ page, request }) => {
  // The operator creates a code as `npm run ops -- giftcode create --amount 3 --uses 5 --days 7` does.
  const created = await request.post('/core/admin/giftCodes', {
    headers: { Authorization: `Ops ${E2E_OPS_TOKEN}` },
    form: { asset: 'CASH', amount: '3', totalUses: '5', days: '7' },
  });
  const code = ((await created.json()) as { result: { code: string } }).result.code;
  expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);

  await registerThroughUi(page, uniquePhone(), 'secret123');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
  await page.getByRole('button', { name: 'Gift code' }).click();
  await page.waitForURL('**/pages/giftCode/giftCode');
  await expect(page.getByText('No gift codes redeemed yet')).toBeVisible();

  await page.getByTestId('gift-code-input').fill(code.toLowerCase().replaceAll('-', ' '));
  await page.getByTestId('gift-code-redeem').click();
  await expectToast(page, 'Redeemed: +3.00 CASH');
  await expect(page.getByTestId('gift-code-record')).toHaveCount(1);
  await expect(page.getByTestId('gift-code-record')).toContainText(code);
  await expect(page.getByTestId('gift-code-status')).toHaveText('In use');

  await page.waitForTimeout(1_000); // the submit button ignores a second tap within 1 s
  await page.getByTestId('gift-code-input').fill(code);
  await page.getByTestId('gift-code-redeem').click();
  await expect(page.getByText('You have already redeemed this gift code')).toBeVisible();
  await expect(page.getByTestId('gift-code-record')).toHaveCount(1);
});

test('a user taps from Home: POINT grows at once and the server confirms it', async ({ page }) => {
  await registerThroughUi(page, uniquePhone(), 'secret123');
  await page.getByTestId('shortcut-tap').click();
  await page.waitForURL('**/pages/tap/tap');
  await expect(page.getByTestId('tap-energy')).toHaveText('500 / 500');
  for (let i = 0; i < 7; i++) await page.getByTestId('tap-button').click();
  await expect(page.getByTestId('tap-point')).toHaveText('0.07');
  await expect(page.getByTestId('tap-today')).toHaveText('7 / 2000');
  // After the batch went out, a reload shows what the server counted.
  await page.waitForTimeout(2_500);
  await page.reload();
  await expect(page.getByTestId('tap-point')).toHaveText('0.07');
  await expect(page.getByTestId('tap-today')).toHaveText('7 / 2000');
  await expect(page.getByTestId('tap-energy')).toHaveText(/^49\d \/ 500$/);
});

test('a new user recharges, opens the levels from the top bar, collects the V1 task and sees CASH grow', async ({ page }) => {
  await registerThroughUi(page, uniquePhone(), 'secret123');
  await expect(page.getByTestId('level-badge')).toHaveText('V0');
  await page.getByTestId('level-badge').click();
  await page.waitForURL('**/pages/level/level');
  await expect(page.getByTestId('level-current')).toHaveText('V0');
  const v1 = page.getByTestId('level-1');
  await expect(v1.getByTestId('level-state')).toHaveText('Need upgrade tasks');
  await expect(page.getByTestId('level-3')).toContainText('VU');

  // "Go to complete" leads to the recharge screen; pay 1000 CASH through the sandbox gateway's page.
  await v1.getByTestId('level-go').click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage');
  await expect(page.getByTestId('stepper-value')).toHaveValue('1000');
  await page.getByRole('button', { name: 'Recharge', exact: true }).click();
  await page.waitForURL('**/core/pay/sandbox/**');
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage?orderNo=**');
  await expect(page.getByTestId('order-status')).toHaveText('Paid');

  // From the Personal tab: the account card shows the new level and leads to the levels page.
  await page.goto('/pages/account/account');
  await expect(page.getByTestId('account-balance')).toContainText('1000.00');
  await expect(page.getByTestId('account-level')).toHaveText('Level V1');
  await page.getByRole('button', { name: 'Levels', exact: true }).click();
  await page.waitForURL('**/pages/level/level');
  await expect(page.getByTestId('level-current')).toHaveText('V1');
  await expect(v1.getByTestId('level-state')).toHaveText('All completed');
  await expect(v1.getByTestId('level-task-progress')).toHaveText('100.00 / 100.00');

  await v1.getByTestId('level-collect').click();
  await expectToast(page, 'Collected: +5.00 CASH');
  await expect(v1.getByTestId('level-finished')).toHaveText('Finished');

  await page.goto('/pages/account/account');
  await expect(page.getByTestId('account-balance')).toContainText('1005.00');
});
