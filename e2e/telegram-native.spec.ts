import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { E2E_BOT_TOKEN, E2E_FAKE_BOT_URL, E2E_OPS_TOKEN } from './support/constants';
import {
  clearTelegramEvents,
  eventsOf,
  expectLatest,
  installTelegramClient,
  launchUrl,
  logIn,
  pressBackButton,
  pressMainButton,
  pressSecondaryButton,
  registeredUser,
  TELEGRAM_DARK,
  TELEGRAM_LIGHT,
  type ThemeParams,
  telegramEvents,
} from './support/telegramClient';

/**
 * The Telegram checklist of docs/telegram.md, point by point: each test opens
 * the app in a recording stand-in for a Telegram client and checks the
 * web_app_* events the app emits (and what it draws).
 */

const home = '/pages/home/home';
const recharge = '/pages/Rechargepage/Rechargepage';
const account = '/pages/account/account';

async function openSignedIn(page: Page, path: string, theme: ThemeParams = TELEGRAM_LIGHT): Promise<void> {
  const { token } = await registeredUser(page.request);
  await logIn(page, token);
  await installTelegramClient(page, { theme });
  await page.goto(launchUrl(path, { theme }));
  await page.waitForURL((url) => url.pathname === path);
}

/** Attached to the test's results, and kept under .tmp/screenshots/ to look at. */
async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ path: `.tmp/screenshots/${name}.png` });
  await testInfo.attach(name, { body, contentType: 'image/png' });
}

const cssVar = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);
const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

test.describe('1. theme params', () => {
  for (const [name, theme, rgb] of [
    ['light', TELEGRAM_LIGHT, 'rgb(239, 239, 244)'],
    ['dark', TELEGRAM_DARK, 'rgb(15, 15, 15)'],
  ] as const) {
    test(`Telegram's ${name} theme becomes CSS variables and paints Telegram's header, background and bottom bar`, async ({
      page,
    }, testInfo) => {
      await openSignedIn(page, home, theme);
      await expect(page.locator('html')).toHaveAttribute('data-follow-telegram', '');
      await expect(page.locator('html')).toHaveAttribute('data-theme', name);
      expect(await cssVar(page, '--tg-theme-button-color')).toBe(theme.button_color);
      expect(await background(page, 'body')).toBe(rgb);
      await expectLatest(page, 'web_app_set_background_color', { color: theme.secondary_bg_color });
      // The header ends on Telegram's bg_color key (the SDK first sends its own defaults as it mounts).
      await expectLatest(page, 'web_app_set_header_color', { color_key: 'bg_color' });
      await expectLatest(page, 'web_app_set_bottom_bar_color', { color: theme.secondary_bg_color });
      // The spec's own colours are for the plain browser only.
      const painted = JSON.stringify(await telegramEvents(page));
      expect(painted).not.toContain('#f0457f');
      expect(painted).not.toContain('"#000000"');
      await expect(page.getByRole('heading', { name: 'Balances' })).toBeVisible();
      await screenshot(page, testInfo, `telegram-${name}-home`);
    });
  }
});

test('2. BackButton: shown on an inner page, it goes back; hidden on a tab', async ({ page }) => {
  await openSignedIn(page, account);
  await expect(page.getByTestId('action-recharge')).toBeVisible();
  expect(await eventsOf(page, 'web_app_setup_back_button')).not.toContainEqual({ is_visible: true });
  await page.getByTestId('action-recharge').click();
  await page.waitForURL((url) => url.pathname === recharge);
  await expectLatest(page, 'web_app_setup_back_button', { is_visible: true });
  // Telegram's back button replaces our arrow, and Telegram's header our title bar.
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await pressBackButton(page);
  await page.waitForURL((url) => url.pathname === account);
  await expectLatest(page, 'web_app_setup_back_button', { is_visible: false });
});

test('3. MainButton (and SecondaryButton) for primary confirmations; 4. haptics; 8. closing confirmation; 7. swipes', async ({ page }) => {
  await openSignedIn(page, recharge);
  // 3: the form's confirm is Telegram's MainButton, not a button in the page.
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Recharge', is_active: true });
  await expect(page.getByTestId('recharge-submit')).toHaveCount(0);
  // 7: a vertical swipe may minimise the app while nothing would be lost (Telegram's default: nothing to send).
  expect(await eventsOf(page, 'web_app_setup_swipe_behavior')).not.toContainEqual({ allow_vertical_swipe: false });
  expect(await eventsOf(page, 'web_app_setup_closing_behavior')).not.toContainEqual({ need_confirmation: true });

  // 4: a selection ticks; 8 and 7: input in a money form asks before closing and holds swipes.
  await clearTelegramEvents(page);
  await page.getByTestId('stepper-plus').click();
  await expectLatest(page, 'web_app_trigger_haptic_feedback', { type: 'selection_change' });
  await expectLatest(page, 'web_app_setup_closing_behavior', { need_confirmation: true });
  await expectLatest(page, 'web_app_setup_swipe_behavior', { allow_vertical_swipe: false });

  // 4: an error notifies; a typed amount out of range is refused by the form.
  await page.getByTestId('stepper-value').fill('1');
  await clearTelegramEvents(page);
  await pressMainButton(page);
  await expectLatest(page, 'web_app_trigger_haptic_feedback', { type: 'notification', notification_type: 'error' });

  // Back to a valid amount: the MainButton creates the order (success) and the app leaves for the payment page.
  await page.getByTestId('quick-amount-2000').click();
  await clearTelegramEvents(page);
  // A second press within a second is the double tap the throttle swallows (specification point 9).
  await page.waitForTimeout(1_100);
  await pressMainButton(page);
  await page.waitForURL('**/core/pay/sandbox/**');
  const haptic = await eventsOf(page, 'web_app_trigger_haptic_feedback');
  expect(haptic).toContainEqual({ type: 'notification', notification_type: 'success' });
});

test('8. leaving a dirty money form releases the closing confirmation; bank card: MainButton Save, SecondaryButton Cancel', async ({
  page,
}) => {
  await openSignedIn(page, '/pages/bankCard/bankCard');
  await page.getByTestId('bank-add').click();
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Save' });
  await expectLatest(page, 'web_app_setup_secondary_button', { is_visible: true, text: 'Cancel' });
  await page.getByLabel('Bank name').fill('Demo Bank');
  await expectLatest(page, 'web_app_setup_closing_behavior', { need_confirmation: true });
  await pressMainButton(page);
  // The form checks itself: the missing fields fail, with an error haptic, and nothing is sent.
  await expectLatest(page, 'web_app_trigger_haptic_feedback', { type: 'notification', notification_type: 'error' });
  await pressSecondaryButton(page);
  await expectLatest(page, 'web_app_setup_closing_behavior', { need_confirmation: false });
  await expectLatest(page, 'web_app_setup_swipe_behavior', { allow_vertical_swipe: true });
});

test('3. every primary confirmation is the MainButton: login, passwords, gift code, exchange', async ({ page }) => {
  const { token } = await registeredUser(page.request);
  await installTelegramClient(page);
  await page.goto(launchUrl('/pages/login/login'));
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Log in' });
  await page.getByRole('tab', { name: 'Register' }).click();
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Register' });
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toHaveCount(0);

  await logIn(page, token);
  for (const [path, text] of [
    ['/pages/loginPassword/loginPassword', 'Confirm'],
    ['/pages/paymentPassword/paymentPassword', 'Confirm'],
    ['/pages/giftCode/giftCode', 'Redeem'],
  ] as const) {
    await page.goto(launchUrl(path));
    await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text });
  }
  await page.goto(launchUrl(account));
  await page.getByTestId('action-exchange').click();
  await expect(page.getByTestId('exchange-sheet')).toBeVisible();
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Exchange' });
  await page.getByRole('button', { name: 'Close' }).click();
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: false });
});

test('5. safe and content-safe areas pad the app; 6. expand; 14. no fullscreen or orientation lock', async ({ page }) => {
  const { token } = await registeredUser(page.request);
  await logIn(page, token);
  await installTelegramClient(page, {
    safeArea: { top: 20, bottom: 30, left: 0, right: 0 },
    contentSafeArea: { top: 40, bottom: 10, left: 12, right: 14 },
  });
  await page.goto(launchUrl(home));
  await page.waitForURL((url) => url.pathname === home);
  await expect.poll(() => cssVar(page, '--tg-viewport-content-safe-area-inset-left')).toBe('12px');
  const shell = page.locator('.shell').first();
  await expect(shell).toHaveCSS('padding-left', '12px');
  await expect(shell).toHaveCSS('padding-right', '14px');
  await expect(page.locator('.top-bar')).toHaveCSS('padding-top', '60px');
  await expect(page.locator('.bottom-nav')).toHaveCSS('padding-bottom', '40px');
  expect(await eventsOf(page, 'web_app_expand')).toHaveLength(1);
  const types = (await telegramEvents(page)).map((event) => event.type);
  expect(types).not.toContain('web_app_request_fullscreen');
  expect(types).not.toContain('web_app_toggle_orientation_lock');
  expect(types).toContain('web_app_ready');
});

test('9. startapp opens registration with the invitation code; 11. only the raw initData goes to the server', async ({ page }) => {
  await installTelegramClient(page);
  const url = launchUrl('/', { startParam: 'ABCD2345' });
  const raw = new URLSearchParams(url.split('#')[1]).get('tgWebAppData');
  const authorizations: string[] = [];
  page.on('request', (request) => {
    const header = request.headers().authorization;
    if (header && request.url().includes('/core/')) authorizations.push(header);
  });
  await page.goto(url);
  await page.waitForURL('**/pages/login/login**');
  await expect(page.getByLabel('Invitation code')).toHaveValue('ABCD2345');
  expect(authorizations.length).toBeGreaterThan(0);
  expect(new Set(authorizations)).toEqual(new Set([`tma ${raw}`]));
});

test('10. t.me links open with openTelegramLink, other links with openLink', async ({ page }) => {
  const asOperator = { Authorization: `Ops ${E2E_OPS_TOKEN}` };
  const setUrl = async (value: string) => {
    const answer = await page.request.post('/core/admin/config', { headers: asOperator, form: { key: 'CUSTOMER_SERVICE_URL', value } });
    expect(((await answer.json()) as { code: number }).code).toBe(200);
  };
  await setUrl('https://t.me/prism_support');
  await openSignedIn(page, account);
  await page.getByRole('button', { name: 'Customer service' }).click();
  await expectLatest(page, 'web_app_open_tg_link', { path_full: '/prism_support' });
  await setUrl('https://example.com/help');
  await page.reload();
  await page.getByRole('button', { name: 'Customer service' }).click();
  await expectLatest(page, 'web_app_open_link', { url: 'https://example.com/help' });
  await setUrl('');
});

test('12. plain browser: no SDK, the spec look (black), in-page buttons', async ({ page }, testInfo) => {
  const { token } = await registeredUser(page.request);
  await logIn(page, token);
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(recharge);
  await expect(page.getByTestId('recharge-submit')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).not.toHaveAttribute('data-telegram', '');
  expect(await background(page, '.page-bar')).toBe('rgb(0, 0, 0)');
  expect(scripts.some((url) => url.includes('telegramSdk'))).toBe(false);
  await screenshot(page, testInfo, 'browser-dark-recharge');
  await page.goto(home);
  await page.evaluate(() => localStorage.setItem('prism.theme', 'light'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await background(page, '.top-bar')).toBe('rgb(240, 69, 127)');
  await expect(page.getByRole('heading', { name: 'Balances' })).toBeVisible();
  await screenshot(page, testInfo, 'browser-light-home');
});

test('13. bot: commands set, the menu button left alone on http (the fake Bot API refuses it as Telegram does)', async ({ request }) => {
  const call = async (method: string, body: Record<string, unknown> = {}) => {
    const response = await request.post(`${E2E_FAKE_BOT_URL}/bot${E2E_BOT_TOKEN}/${method}`, { data: body });
    return (await response.json()) as { ok: boolean; result?: unknown; description?: string; error_code?: number };
  };
  const commands = await call('getMyCommands');
  expect(commands.result).toEqual(expect.arrayContaining([expect.objectContaining({ command: 'start' })]));
  // The e2e Mini App is served on http://127.0.0.1: Telegram accepts only https for a web_app menu button.
  expect((await call('getChatMenuButton')).result).toEqual({ type: 'commands' });
  const refused = await call('setChatMenuButton', {
    menu_button: { type: 'web_app', text: 'Open', web_app: { url: 'http://127.0.0.1/' } },
  });
  expect(refused).toMatchObject({ ok: false, error_code: 400 });
});
