import { logInThroughUi, registerThroughUi, smsCode, uniquePhone } from './support/helpers';
import { expect, expectToast, test } from './support/test';

test('a new user registers, sees zero balances, switches to Arabic, logs out and back in', async ({ page }) => {
  const phone = uniquePhone();
  const password = 'secret123';

  await page.goto('/');
  await page.waitForURL('**/pages/login/login');
  await registerThroughUi(page, phone, password);

  for (const asset of ['CHIP', 'GOLD', 'POINT', 'USDT']) {
    await expect(page.getByText(`${asset} 0.00`)).toBeVisible();
  }
  await expect(page.getByTestId('user-chip-name')).toHaveText(phone);

  await page.getByTestId('lang-button').click();
  await page.waitForURL('**/pages/myProfile/lang');
  await page.getByTestId('lang-ar').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'الرئيسية' })).toBeVisible();
  // The choice survives a reload.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByTestId('lang-button').click();
  await page.getByTestId('lang-en-US').click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
  await page.waitForURL('**/pages/account/account');
  await expect(page.getByTestId('account-balance')).toContainText('0.00');
  await page.getByRole('button', { name: 'Log out' }).click();
  // Logging out asks first (lib/dialog.ts: the app's own dialog in a browser).
  await page.getByRole('alertdialog', { name: 'Log out on this device?' }).getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/pages/login/login');
  expect(await page.evaluate(() => localStorage.getItem('prism.token'))).toBeNull();

  // Pages that need a login send the user to the login page, and back to them after it.
  await page.goto('/pages/account/account');
  await page.waitForURL('**/pages/login/login**');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL('**/pages/account/account');
  await page.goto('/pages/login/login');
  await logInThroughUi(page, phone, password);
  await expect(page.getByText('CHIP 0.00')).toBeVisible();
});

/** Submit buttons ignore a second tap within 1000 ms (specification point 9), so a test waits as a person would. */
const CLICK_THROTTLE_MS = 1_000;

test('the specification messages guard the forms', async ({ page }) => {
  await page.goto('/pages/login/login');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Please enter the phone')).toBeVisible();
  await page.getByLabel('Phone').fill('12345');
  await page.waitForTimeout(CLICK_THROTTLE_MS);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText('Enter a ten digit number')).toBeVisible();

  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('Phone').fill(uniquePhone());
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Confirm password').fill('secret124');
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(page.getByText('Passwords are inconsistent')).toBeVisible();

  await page.getByRole('tab', { name: 'Log in' }).click();
  await page.getByLabel('Phone').fill(uniquePhone());
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.waitForTimeout(CLICK_THROTTLE_MS);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectToast(page, 'Wrong phone number or password');
});

test('an invitation link fills the code in and links the new user to the inviter', async ({ page, browser }) => {
  const inviterPhone = uniquePhone();
  await registerThroughUi(page, inviterPhone, 'secret123');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
  const code = (await page.getByTestId('invitation-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-Z2-9]{8}$/);

  const invitee = await browser.newPage();
  await invitee.goto(`/pages/login/login?invitationCode=${code}`);
  await expect(invitee.getByLabel('Invitation code')).toHaveValue(code);
  const phone = uniquePhone();
  await invitee.getByLabel('Phone').fill(phone);
  await invitee.getByLabel('Password', { exact: true }).fill('secret123');
  await invitee.getByLabel('Confirm password').fill('secret123');
  await invitee.getByRole('button', { name: 'Send code' }).click();
  await invitee.getByLabel('Verification code').fill(await smsCode(invitee.request, phone));
  await invitee.getByRole('button', { name: 'Register', exact: true }).click();
  await invitee.waitForURL('**/pages/home/home');

  await page.reload();
  await expect(page.getByTestId('team-direct-number')).toContainText('1');
  // The paged member list shows the invitee; the invite link has its QR code.
  await expect(page.getByTestId('team-members-1').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('invite-qr')).toBeVisible();
  await expect(page.getByTestId('team-rates')).toContainText('0.30%');
});

test('the earning pages of the specification are real screens, no longer placeholders', async ({ page }) => {
  await registerThroughUi(page, uniquePhone(), 'secret123');
  for (const [path, heading] of [
    ['/pages/DoubleInvest/DoubleInvest', 'My power'],
    ['/pages/DoubleInvest/givenPower/givenPower', 'Gift power'],
    ['/pages/deposit/deposit', 'Fixed deposit'],
    ['/pages/deposit/form', 'Deposit'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, exact: true }).first()).toBeVisible();
    await expect(page.getByText('Not available yet')).toHaveCount(0);
  }
  // Opened directly (a one-page stack), the back arrow goes home.
  await page.goto('/pages/notice/notice');
  await page.getByRole('button', { name: 'Back' }).click();
  await page.waitForURL('**/pages/home/home');
});
