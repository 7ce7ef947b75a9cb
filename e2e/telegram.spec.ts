import { sign } from '@telegram-apps/init-data-node';
import { logInThroughUi, registerThroughUi, uniquePhone } from './support/helpers';
import { telegramLaunchUrl } from './support/telegram';
import { expect, expectToast, test } from './support/test';

test('opened from Telegram, logging in links the Telegram user, and the next launch needs no password', async ({ browser }) => {
  const phone = uniquePhone();
  const password = 'secret123';
  const telegramUser = { id: 800_000_000 + Math.floor(Math.random() * 1e6), username: `tess_${Date.now() % 1e6}` };

  const setup = await browser.newPage();
  await registerThroughUi(setup, phone, password);
  await setup.close();

  const first = await browser.newContext();
  const page = await first.newPage();
  await page.goto(telegramLaunchUrl(telegramUser));
  await page.waitForURL('**/pages/login/login**');
  await logInThroughUi(page, phone, password);
  await page.getByTestId('user-chip').click();
  await page.waitForURL('**/pages/myProfile/myProfile');
  await expect(page.getByTestId('profile-telegram')).toHaveText(`@${telegramUser.username}`);
  await first.close();

  // A fresh launch (no stored token): the validated initData alone signs the linked user in.
  const second = await browser.newContext();
  const again = await second.newPage();
  await again.goto(telegramLaunchUrl(telegramUser));
  await again.waitForURL('**/pages/home/home');
  await expect(again.getByTestId('user-chip-name')).toHaveText(phone);
  await second.close();
});

test('forged Telegram launch data is refused', async ({ page }) => {
  const forged = sign({ user: { id: 1234, first_name: 'Mallory', username: 'mallory' } }, '111:not-our-bot-token', new Date());
  const params = new URLSearchParams({
    tgWebAppData: forged,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: '{}',
  });
  await page.goto(`/#${params.toString()}`);
  await page.waitForURL('**/pages/login/login**');
  await page.getByLabel('Phone').fill(uniquePhone());
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expectToast(page, 'Telegram launch data is invalid or expired');
});
