import { registerThroughUi, uniquePhone } from './support/helpers';
import { expect, expectToast, test } from './support/test';

test('a player sets a daily deposit limit under Responsible play, and a recharge over it is refused with a clear message', async ({
  page,
}) => {
  await registerThroughUi(page, uniquePhone(), 'secret123');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
  await page.getByRole('button', { name: 'Responsible play' }).click();
  await page.waitForURL('**/pages/protection/protection');

  await page.getByTestId('limit-day').fill('1500');
  await page.getByTestId('limits-save').click();
  await expectToast(page, 'Saved');
  await expect(page.getByTestId('limit-day')).toHaveValue('1500');

  // Raising waits 24 hours: shown as pending, the lower limit stays in force.
  await page.getByTestId('limit-day').fill('3000');
  await page.getByTestId('limits-save').click();
  await expect(page.getByTestId('limits-pending')).toContainText('daily 3000.00');

  await page.goBack();
  await page.waitForURL('**/pages/account/account');
  await page.getByTestId('action-recharge').click();
  await page.waitForURL('**/pages/Rechargepage/Rechargepage');
  await page.getByTestId('quick-amount-2000').click();
  await page.getByRole('button', { name: 'Recharge', exact: true }).click();
  await expectToast(page, 'This recharge is over your daily deposit limit. You can still recharge 1500.00 today');
  await expect(page).toHaveURL(/Rechargepage$/);
});
