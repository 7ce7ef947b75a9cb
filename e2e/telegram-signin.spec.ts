import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { holdRequests } from './support/helpers';
import {
  closeTelegramPopup,
  eventsOf,
  expectLatest,
  installTelegramClient,
  type LaunchVariant,
  launchUrl,
  linkedTelegramUser,
  logIn,
} from './support/telegramClient';

/**
 * Issue 26, items 1 and 3 (docs/telegram.md rows 15-17): a linked Telegram user lands signed in on
 * whatever page the link opens, with no token in the browser, with an expired token or with one
 * the server revoked, on an 8.0 client and on a 6.0 client whose launch data has no `signature`.
 * The login form is never shown on the way (a watcher records it if it ever appears).
 */

const recharge = '/pages/Rechargepage/Rechargepage';
const home = '/pages/home/home';
const account = '/pages/account/account';

/** Records, from the first script of every page load, whether the login form or a toast ever appeared. */
async function watchForLogin(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = (key: string, value: string) => sessionStorage.setItem(key, value);
    new MutationObserver(() => {
      if (document.querySelector('.auth')) seen('__sawLoginForm', location.pathname);
      if (location.pathname.startsWith('/pages/login')) seen('__sawLoginPage', location.pathname);
      const toast = document.querySelector('[data-testid="toast"]');
      if (toast?.textContent) seen('__sawToast', toast.textContent);
    }).observe(document, { childList: true, subtree: true });
  });
}

/** No login form was ever drawn, no toast shown; nor was the login page visited, unless the link opened it (`openedLogin`). */
async function expectNoLoginEver(page: Page, openedLogin = false): Promise<void> {
  expect(await page.evaluate(() => sessionStorage.getItem('__sawLoginForm'))).toBeNull();
  if (!openedLogin) expect(await page.evaluate(() => sessionStorage.getItem('__sawLoginPage'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('__sawToast'))).toBeNull();
}

/** Opens `path` as Telegram would, for the Telegram user `userId`, and waits for that very page. */
async function openInTelegram(page: Page, path: string, userId: number, variant: LaunchVariant & { startParam?: string } = {}) {
  await installTelegramClient(page);
  await watchForLogin(page);
  await page.goto(launchUrl(path, { userId, ...variant }));
}

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('prism.token') ?? 'null')?.token as string | undefined);

/** A system message of the user's own (the day's sign-in reward), for the notice-detail link. */
async function ownNoticeId(request: APIRequestContext, token: string): Promise<number> {
  const headers = { Authorization: token };
  expect(((await (await request.post('/core/app/signIn/signIn', { headers })).json()) as { code: number }).code).toBe(200);
  const list = (await (await request.get('/core/app/sysMessage/findUserMsgList?pageNo=1', { headers })).json()) as {
    result: { content: { id: number }[] };
  };
  const id = list.result.content[0]?.id;
  expect(id).toBeGreaterThan(0);
  return id as number;
}

test.describe('1. a linked Telegram user lands signed in on the page a link opens (no stored token)', () => {
  test('the recharge page', async ({ page }) => {
    const user = await linkedTelegramUser(page.request);
    await openInTelegram(page, recharge, user.telegramId);
    await expect(page.getByTestId('stepper-value')).toHaveValue('1000');
    expect(new URL(page.url()).pathname).toBe(recharge);
    await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Recharge' });
    expect(await storedToken(page)).toBeTruthy();
    await expectNoLoginEver(page);
  });

  test('while Telegram signs in (its answer held back), the page shows its loading state, never the login form', async ({ page }) => {
    const user = await linkedTelegramUser(page.request);
    const release = await holdRequests(page, '**/core/app/auth/telegramLogin');
    await openInTelegram(page, recharge, user.telegramId);
    await expect(page.getByTestId('page-loading')).toBeAttached();
    expect(new URL(page.url()).pathname).toBe(recharge);
    await expect(page.locator('.auth')).toHaveCount(0);
    release();
    await expect(page.getByTestId('stepper-value')).toHaveValue('1000');
    expect(new URL(page.url()).pathname).toBe(recharge);
    await expectNoLoginEver(page);
  });

  test('a notice detail, with its query', async ({ page }) => {
    const user = await linkedTelegramUser(page.request);
    const id = await ownNoticeId(page.request, user.token);
    const path = `/pages/notice/noticeDetail/noticeDetail?id=${id}`;
    await openInTelegram(page, path, user.telegramId);
    await expect(page.getByTestId('notice-detail')).toContainText('sign-in');
    expect(new URL(page.url()).search).toBe(`?id=${id}`);
    await expectNoLoginEver(page);
  });

  test('the game', async ({ page }) => {
    const user = await linkedTelegramUser(page.request);
    await openInTelegram(page, '/pages/game/game', user.telegramId);
    await expect(page.getByTestId('bet-board')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/pages/game/game');
    await expectNoLoginEver(page);
  });

  test('a startapp link (t.me/<bot>/<app>?startapp=<code>) opens home signed in', async ({ page }) => {
    const user = await linkedTelegramUser(page.request);
    await openInTelegram(page, '/', user.telegramId, { startParam: 'ABCD1234' });
    await page.waitForURL((url) => url.pathname === home);
    await expect(page.getByTestId('user-chip-name')).toHaveText(user.phone);
    await expectNoLoginEver(page);
  });
});

test('1. a link to the login page itself signs a linked user in and opens home; after Log out the form stays', async ({ page }) => {
  const user = await linkedTelegramUser(page.request);
  await openInTelegram(page, '/pages/login/login', user.telegramId);
  await page.waitForURL((url) => url.pathname === home);
  await expect(page.getByTestId('user-chip-name')).toHaveText(user.phone);
  await expectNoLoginEver(page, true);

  // Logging out inside Telegram is not undone by the launch data: the form is shown (while Telegram
  // signed the user in, the page would show its loading state instead).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  // Inside Telegram the app asks with Telegram's popup first; the user confirms.
  await expect.poll(async () => (await eventsOf(page, 'web_app_open_popup')).length).toBe(1);
  await closeTelegramPopup(page, 'confirm');
  await page.waitForURL((url) => url.pathname === '/pages/login/login');
  await expect(page.getByLabel('Phone')).toBeVisible();
  expect(await storedToken(page)).toBeUndefined();
});

test.describe('1. a dead token is renewed with the launch data', () => {
  test('an expired token: the recharge page opens signed in with a new one', async ({ page }) => {
    const user = await linkedTelegramUser(page.request);
    await page.addInitScript(
      (token) => localStorage.setItem('prism.token', JSON.stringify({ token, expiresAt: '2020-01-01T00:00:00.000Z' })),
      user.token,
    );
    await openInTelegram(page, recharge, user.telegramId);
    await expect(page.getByTestId('stepper-value')).toHaveValue('1000');
    await expect.poll(() => storedToken(page)).not.toBe(user.token);
    await expectNoLoginEver(page);
  });

  test('a token the server revoked (logged out elsewhere): the calls are renewed and the page works', async ({ page }) => {
    const user = await linkedTelegramUser(page.request);
    const loggedOut = await page.request.post('/core/app/auth/logout', { headers: { Authorization: user.token } });
    expect(((await loggedOut.json()) as { code: number }).code).toBe(200);
    const refused = await page.request.get('/core/app/user/getUserInfo', { headers: { Authorization: user.token } });
    expect(((await refused.json()) as { code: number }).code).toBe(401);

    await logIn(page, user.token);
    await openInTelegram(page, account, user.telegramId);
    await expect(page.getByTestId('user-chip-name')).toHaveText(user.phone);
    await expect.poll(() => storedToken(page)).not.toBe(user.token);
    // Still signed in when moving on: the new token is used from now on.
    await page.getByTestId('action-recharge').click();
    await page.waitForURL((url) => url.pathname === recharge);
    await expect(page.getByTestId('stepper-value')).toHaveValue('1000');
    await expectNoLoginEver(page);
  });
});

test('3. a 6.0 client without `signature` signs in, and inner pages show the in-page back arrow, which works', async ({ page }) => {
  const user = await linkedTelegramUser(page.request);
  await openInTelegram(page, recharge, user.telegramId, { version: '6.0', withoutSignature: true });
  expect(page.url()).not.toContain('signature');
  await expect(page.getByTestId('stepper-value')).toHaveValue('1000');
  await expect(page.locator('html')).toHaveAttribute('data-telegram', '');
  // No BackButton before 6.1: the app draws its own arrow (and never asks the client for one).
  const back = page.locator('.page-bar').getByRole('button', { name: 'Back' });
  await expect(back).toBeVisible();
  expect(await eventsOf(page, 'web_app_setup_back_button')).toEqual([]);
  // The MainButton exists since 6.0: the form still uses it.
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Recharge' });
  await back.click();
  await page.waitForURL((url) => url.pathname === home);
  await expect(page.getByTestId('user-chip-name')).toHaveText(user.phone);
  await expectNoLoginEver(page);
});

test('3. a 6.0 client has a MainButton but no SecondaryButton: the bank card form keeps its own Cancel', async ({ page }) => {
  const user = await linkedTelegramUser(page.request);
  await openInTelegram(page, '/pages/bankCard/bankCard', user.telegramId, { version: '6.0', withoutSignature: true });
  await page.getByTestId('bank-add').click();
  await expectLatest(page, 'web_app_setup_main_button', { is_visible: true, text: 'Save' });
  expect(await eventsOf(page, 'web_app_setup_secondary_button')).toEqual([]);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('bank-add')).toBeVisible();
});

test("3. an 8.0 client has Telegram's BackButton and no in-page arrow", async ({ page }) => {
  const user = await linkedTelegramUser(page.request);
  await openInTelegram(page, recharge, user.telegramId);
  await expect(page.getByTestId('stepper-value')).toHaveValue('1000');
  await expectLatest(page, 'web_app_setup_back_button', { is_visible: true });
  await expect(page.locator('.page-bar').getByRole('button', { name: 'Back' })).toHaveCount(0);
});

test('1. a Telegram user who is not linked gets the login form, on Register with the startapp invitation', async ({ page }) => {
  const userId = 850_000_000 + Math.floor(Math.random() * 1e7);
  await installTelegramClient(page);
  await page.goto(launchUrl(recharge, { userId, startParam: 'INVITE42' }));
  await page.waitForURL((url) => url.pathname === '/pages/login/login');
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Invitation code')).toHaveValue('INVITE42');
  expect(await storedToken(page)).toBeUndefined();
});
