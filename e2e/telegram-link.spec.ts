import { registerThroughUi, uniquePhone } from './support/helpers';
import { expect, expectToast, test } from './support/test';
import { lastBotMessageId, telegramCode } from './support/wallet';

/**
 * A browser user (no Telegram launch) cannot get a withdrawal code until Telegram
 * is linked. The app shows a one-time deep link into the bot; pressing Start is
 * simulated through the sandbox (what `npm run ops -- telegram start <link>` does),
 * the app sees the link happen, and the code then arrives in the user's Telegram chat.
 */
test('a browser user links Telegram through the deep link and then gets a withdrawal code', async ({ page }) => {
  test.setTimeout(90_000);
  const phone = uniquePhone();
  const telegramUser = { id: 830_000_000 + Math.floor(Math.random() * 1e6), username: `bea_${Date.now() % 1e6}` };
  await registerThroughUi(page, phone, 'secret123');

  // The Personal tab offers the link.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
  await page.waitForURL('**/pages/account/account');
  await expect(page.getByRole('region', { name: 'Link Telegram' })).toContainText('Link your Telegram account to withdraw.');

  // Without Telegram the withdrawal code cannot be sent.
  await page.getByTestId('action-withdraw').click();
  await page.waitForURL('**/pages/Withdrawalpage/Withdrawalpage');
  await page.getByRole('button', { name: 'Get code in Telegram' }).click();
  await expectToast(page, 'Please set a username in Telegram before you can withdraw.');

  // The withdrawal page has the same card: a one-time t.me link to open or copy.
  await page.getByTestId('telegram-link-create').click();
  const link = (await page.getByTestId('telegram-link-url').textContent()) ?? '';
  expect(link).toMatch(/^https:\/\/t\.me\/\w+\?start=link_[A-Za-z0-9]{32}$/);
  await expect(page.getByTestId('telegram-link-open')).toHaveAttribute('href', link);

  // "Press Start" in the bot, through the sandbox.
  const started = await page.request.post('/core/dev/telegram/start', {
    form: { start: link, telegramId: String(telegramUser.id), username: telegramUser.username },
  });
  expect(((await started.json()) as { result: { text: string } }).result.text).toContain('Your Telegram account is now linked');

  // The page notices by itself, and the code now reaches the Telegram chat.
  await expect(page.getByTestId('telegram-linked')).toHaveText(`Telegram linked: @${telegramUser.username}`);
  const before = await lastBotMessageId(page.request, telegramUser.id);
  await page.getByRole('button', { name: 'Get code in Telegram' }).click();
  await expect(page.getByTestId('code-sent-to')).toHaveText(`The code was sent to @${telegramUser.username} in Telegram.`);
  expect(await telegramCode(page.request, telegramUser.id, before)).toMatch(/^\d{6}$/);
});
