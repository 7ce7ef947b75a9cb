import type { Page } from '@playwright/test';
import { CLICK_THROTTLE_MS } from '@prism/domain';
import { sign } from '@telegram-apps/init-data-node';
import { E2E_BOT_TOKEN } from './support/constants';
import { smsCode, uniquePhone } from './support/helpers';
import {
  clientSends,
  closeTelegramPopup,
  eventsOf,
  expectLatest,
  installTelegramClient,
  installTelegramCloudStorage,
  launchUrl,
  logIn,
  registeredUser,
  TELEGRAM_LIGHT,
  telegramCloudStorage,
} from './support/telegramClient';
import { expect, expectToast, recordToasts, test } from './support/test';

/**
 * Issue 26, items 6 to 8 (docs/telegram.md, rows 15 to 18): sharing the invite, preferences in
 * Telegram's CloudStorage, the Settings button and native popups, each proven by the events the
 * app sends to the stand-in Telegram client (e2e/support/telegramClient.ts), and the browser
 * fallbacks by what the page shows.
 */

const home = '/pages/home/home';
const team = '/pages/team/team';
const account = '/pages/account/account';
const lang = '/pages/myProfile/lang';
const protection = '/pages/protection/protection';

interface Launch {
  token?: string;
  cloud?: Record<string, string>;
  version?: string;
  userId?: number;
}

/** Opens `path` in the stand-in Telegram client (with CloudStorage), signed in with `token` (a new user by default). */
async function openInTelegram(page: Page, path: string, launch: Launch = {}): Promise<void> {
  const token = launch.token ?? (await registeredUser(page.request)).token;
  await logIn(page, token);
  await installTelegramClient(page, { theme: TELEGRAM_LIGHT });
  await installTelegramCloudStorage(page, launch.cloud);
  const url = launchUrl(path, { theme: TELEGRAM_LIGHT, ...(launch.userId ? { userId: launch.userId } : {}) });
  await page.goto(launch.version ? url.replace('tgWebAppVersion=8.0', `tgWebAppVersion=${launch.version}`) : url);
  await page.waitForURL((current) => current.pathname === path);
}

/** A player registered from inside Telegram (so the account is linked to that Telegram user). */
async function linkedUser(page: Page): Promise<{ token: string; userId: number }> {
  const userId = 820_000_000 + Math.floor(Math.random() * 1e6);
  const initData = sign(
    { user: { id: userId, first_name: 'Lin', username: `lin_${userId}`, language_code: 'en' } },
    E2E_BOT_TOKEN,
    new Date(),
  );
  const phone = uniquePhone();
  await page.request.post('/core/app/sms/sendSmsCodeNoAuth', { form: { phone, type: 'register' } });
  const code = await smsCode(page.request, phone);
  const response = await page.request.post('/core/app/auth/register', {
    headers: { Authorization: `tma ${initData}` },
    form: { phone, password: 'secret123', confirmPassword: 'secret123', code },
  });
  const body = (await response.json()) as { code: number; result: { token: string } };
  expect(body.code).toBe(200);
  return { token: body.result.token, userId };
}

/** The custom-method calls (CloudStorage) the app made, with their parameters. */
async function cloudCalls(page: Page, method: string): Promise<Record<string, unknown>[]> {
  const calls = (await eventsOf(page, 'web_app_invoke_custom_method')) as { method: string; params: Record<string, unknown> }[];
  return calls.filter((call) => call.method === method).map((call) => call.params);
}

/** Counts the self-exclusion requests the page sends. */
function countExclusions(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/core/app/protection/exclude')) count++;
  });
  return () => count;
}

test.describe('6. share', () => {
  test('inside Telegram, Share opens Telegram’s share sheet (t.me/share/url) with the invite link and the code', async ({ page }) => {
    await openInTelegram(page, team);
    const link = (await page.getByTestId('invite-link').textContent()) ?? '';
    const code = (await page.getByTestId('invitation-code').textContent()) ?? '';
    expect(link).toContain(code);
    await page.getByTestId('invite-share').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '.tmp/screenshots/telegram-team-share.png' });
    await page.getByRole('button', { name: 'Share invite link' }).click();
    await expect.poll(async () => (await eventsOf(page, 'web_app_open_tg_link')).length).toBe(1);
    const [opened] = (await eventsOf(page, 'web_app_open_tg_link')) as { path_full: string }[];
    const shared = new URL(`https://t.me${opened?.path_full}`);
    expect(shared.pathname).toBe('/share/url');
    expect(shared.searchParams.get('url')).toBe(link);
    expect(shared.searchParams.get('text')).toBe(`Join me on Prism with my invitation code ${code}`);
  });

  test('in a browser without a share sheet, Share opens t.me/share/url in a new tab', async ({ page, context }) => {
    const { token } = await registeredUser(page.request);
    await logIn(page, token);
    // Chromium on Linux has no navigator.share; make sure of it, whatever the build.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true }));
    await context.route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Telegram</title>' }));
    await page.goto(team);
    const link = (await page.getByTestId('invite-link').textContent()) ?? '';
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Share invite link' }).click()]);
    await tab.waitForURL(/^https:\/\/t\.me\/share\/url\?/);
    expect(new URL(tab.url()).searchParams.get('url')).toBe(link);
    // No Telegram here: the app's own page, no prepared-message button.
    await expect(page.getByTestId('invite-send-prepared')).toHaveCount(0);
  });

  test('"Send with the app button" is offered only to a linked user on a client with shareMessage (Bot API 8.0)', async ({
    browser,
    page: setup,
  }) => {
    // Not linked: no button.
    const unlinked = await browser.newPage();
    await openInTelegram(unlinked, team);
    await expect(unlinked.getByTestId('invite-share')).toBeVisible();
    await expect(unlinked.getByTestId('invite-send-prepared')).toHaveCount(0);
    await unlinked.close();

    const user = await linkedUser(setup);
    // Linked, but on a 7.10 client (no web_app_send_prepared_message): no button.
    const older = await browser.newPage();
    await openInTelegram(older, team, { token: user.token, userId: user.userId, version: '7.10' });
    await expect(older.getByTestId('invite-share')).toBeVisible();
    await expect(older.getByTestId('invite-send-prepared')).toHaveCount(0);
    await older.close();

    // Linked on 8.0: the button asks core for the prepared message (savePreparedInlineMessage at
    // the fake Bot API) and hands its id to Telegram's shareMessage.
    const page = await browser.newPage();
    await recordToasts(page);
    await openInTelegram(page, team, { token: user.token, userId: user.userId });
    await page.getByTestId('invite-send-prepared').click();
    await expect.poll(async () => (await eventsOf(page, 'web_app_send_prepared_message')).length).toBe(1);
    const [sent] = (await eventsOf(page, 'web_app_send_prepared_message')) as { id: string }[];
    expect(sent?.id).toBeTruthy();
    await clientSends(page, 'prepared_message_sent');
    await expectToast(page, 'Invitation sent');
    await page.close();
  });
});

test.describe('7. CloudStorage', () => {
  test('changing the theme and the language saves them in Telegram’s CloudStorage', async ({ page }) => {
    await openInTelegram(page, account);
    // Following Telegram's light theme; the switch picks dark.
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-switch').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => cloudCalls(page, 'saveStorageValue')).toContainEqual({ key: 'prism_theme', value: 'dark' });

    await page.goto(lang);
    await page.getByTestId('lang-vi').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'vi');
    await expect.poll(() => cloudCalls(page, 'saveStorageValue')).toContainEqual({ key: 'prism_locale', value: 'vi' });
    expect(await telegramCloudStorage(page)).toMatchObject({ prism_theme: 'dark', prism_locale: 'vi' });
    // The token belongs to this device: never sent to the cloud.
    expect(JSON.stringify(await cloudCalls(page, 'saveStorageValue'))).not.toContain('token');
  });

  test('a fresh launch on another device starts in the theme and language kept in the cloud', async ({ page }) => {
    // Another device saved dark and Arabic; this one has nothing stored and Telegram is light.
    const cloud = { prism_theme: 'dark', prism_locale: 'ar', prism_game_coin: 'POINT', prism_game_acknowledged_1: '5' };
    await openInTelegram(page, home, { cloud });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await cloudCalls(page, 'getStorageValues')).toContainEqual({ keys: expect.arrayContaining(['prism_theme', 'prism_locale']) });
    const stored = await page.evaluate(() => [localStorage.getItem('prism.theme'), localStorage.getItem('prism.game.coin')]);
    expect(stored).toEqual(['dark', 'POINT']);
    // The rooms' acknowledged results follow without holding start-up (listed first, then read).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('prism.game.acknowledged.1'))).toBe('5');
  });
  test('a choice made on this device before the sync goes up to the cloud', async ({ page }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) localStorage.setItem('prism.theme', 'dark');
      sessionStorage.setItem('seeded', '1');
    });
    await openInTelegram(page, home);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect.poll(() => telegramCloudStorage(page)).toMatchObject({ prism_theme: 'dark' });
  });

  test('a client that never answers CloudStorage still starts, with this device’s values', async ({ page }) => {
    const { token } = await registeredUser(page.request);
    await logIn(page, token);
    // The plain stand-in: it records web_app_invoke_custom_method and never answers.
    await installTelegramClient(page, { theme: TELEGRAM_LIGHT });
    await page.goto(launchUrl(home, { theme: TELEGRAM_LIGHT }));
    await expect(page.getByRole('heading', { name: 'Balances' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect((await cloudCalls(page, 'getStorageKeys')).length).toBe(1);
  });
});

test.describe('8. settings button and popups', () => {
  test('Telegram’s Settings button opens the Personal tab (the app’s settings)', async ({ page }) => {
    await openInTelegram(page, home);
    await expectLatest(page, 'web_app_setup_settings_button', { is_visible: true });
    await clientSends(page, 'settings_button_pressed');
    await page.waitForURL((url) => url.pathname === account);
    await expect(page.getByTestId('theme-switch')).toBeVisible();
  });

  test('self-exclusion asks with Telegram’s popup and starts the break only on its confirming button', async ({ page }) => {
    const exclusions = countExclusions(page);
    await openInTelegram(page, protection);
    await page.getByTestId('exclusion-save').click();
    await expectLatest(page, 'web_app_open_popup', {
      title: 'Take a break (self-exclusion)',
      message: 'Start the break? It cannot be shortened or cancelled.',
      buttons: [
        { id: 'confirm', type: 'destructive', text: 'Start the break' },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    await closeTelegramPopup(page, 'cancel');
    // A second popup can only open once the first has been answered; tapping outside also answers no.
    await page.getByTestId('exclusion-save').click();
    await expect.poll(async () => (await eventsOf(page, 'web_app_open_popup')).length).toBe(2);
    await closeTelegramPopup(page);
    await page.getByTestId('exclusion-save').click();
    await expect.poll(async () => (await eventsOf(page, 'web_app_open_popup')).length).toBe(3);
    expect(exclusions()).toBe(0);
    await expect(page.getByTestId('exclusion-state')).not.toContainText('Break until');

    await closeTelegramPopup(page, 'confirm');
    await expect(page.getByTestId('exclusion-state')).toContainText('Break until');
    expect(exclusions()).toBe(1);
  });

  test('removing a bank card asks with Telegram’s popup (a red Remove); cancel keeps the card', async ({ page }) => {
    const { token } = await registeredUser(page.request);
    const saved = await page.request.post('/core/app/userBank/save', {
      headers: { Authorization: `Bearer ${token}` },
      form: { bankName: 'HDFC Bank', cardNumber: '123456789012', holderName: 'Tess Rao', ifsc: 'HDFC0001234' },
    });
    expect(((await saved.json()) as { code: number }).code).toBe(200);
    await openInTelegram(page, '/pages/bankCard/bankCard', { token });
    const cards = page.getByTestId('bank-cards').getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await page.getByRole('button', { name: /^Remove/ }).click();
    await expectLatest(page, 'web_app_open_popup', {
      title: 'Remove this bank card?',
      buttons: [
        { id: 'confirm', type: 'destructive', text: 'Remove' },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    await closeTelegramPopup(page, 'cancel');
    await expect(async () => {
      await page.getByRole('button', { name: /^Remove/ }).click();
      expect((await eventsOf(page, 'web_app_open_popup')).length).toBe(2);
    }).toPass();
    await expect(cards).toHaveCount(1);
    await closeTelegramPopup(page, 'confirm');
    await expectToast(page, 'Bank card removed');
    await expect(page.getByTestId('bank-cards')).toHaveCount(0);
  });

  test('in a browser, self-exclusion and logging out ask in the app’s own dialog', async ({ page }) => {
    const exclusions = countExclusions(page);
    const { token } = await registeredUser(page.request);
    await logIn(page, token);
    await page.goto(protection);
    await page.getByTestId('exclusion-save').click();
    const dialog = page.getByRole('alertdialog', { name: 'Take a break (self-exclusion)' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Start the break? It cannot be shortened or cancelled.');
    await page.screenshot({ path: '.tmp/screenshots/browser-confirm-dialog.png' });
    // Focus starts on the safe answer.
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByTestId('exclusion-save').click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(exclusions()).toBe(0);
    await page.getByTestId('exclusion-save').click();
    await dialog.getByRole('button', { name: 'Start the break' }).click();
    await expect(page.getByTestId('exclusion-state')).toContainText('Break until');
    expect(exclusions()).toBe(1);

    await page.goto(account);
    await page.getByRole('button', { name: 'Log out' }).click();
    const logout = page.getByRole('alertdialog', { name: 'Log out on this device?' });
    await logout.getByRole('button', { name: 'Cancel' }).click();
    await expect(logout).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${account}$`));
    // The click throttle (1 s from the first tap) lets the next tap through once it has passed. (A
    // retried click with a short wait could land on an open dialog's backdrop on a loaded machine.)
    await page.waitForTimeout(CLICK_THROTTLE_MS);
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(logout).toBeVisible();
    await logout.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/pages/login/login');
  });
});
