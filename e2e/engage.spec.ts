import { expect, test } from '@playwright/test';
import { registerThroughUi, uniquePhone } from './support/helpers';

test('a new user signs in on Home: day 1 pays 0.10 CASH once, and the week shows it', async ({ page }) => {
  await registerThroughUi(page, uniquePhone(), 'secret123');
  await expect(page.getByText('CASH 0.00')).toBeVisible();
  await expect(page.getByTestId('sign-in-day-1')).toHaveAttribute('data-state', 'today');
  await expect(page.getByTestId('sign-in-day-7')).toContainText('+0.32');

  await page.getByTestId('sign-in-button').click();
  await expect(page.getByTestId('toast')).toHaveText('Signed in: +0.10 CASH');
  await expect(page.getByText('CASH 0.10')).toBeVisible();
  await expect(page.getByTestId('sign-in-day-1')).toHaveAttribute('data-state', 'signed');
  await expect(page.getByTestId('sign-in-button')).toBeDisabled();
  await expect(page.getByTestId('sign-in-streak')).toHaveText('Current streak: 1');

  // Still signed after a reload: the state is the server's, not the page's.
  await page.reload();
  await expect(page.getByTestId('sign-in-button')).toHaveText('Signed in today · come back tomorrow');
  await expect(page.getByText('CASH 0.10')).toBeVisible();
});
