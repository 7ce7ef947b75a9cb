import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { sign } from '@telegram-apps/init-data-node';
import { E2E_BOT_TOKEN, E2E_FAKE_BOT_URL } from './support/constants';
import { smsCode, uniquePhone } from './support/helpers';
import { installTelegramClient, launchUrl } from './support/telegramClient';
import { lastBotMessageId } from './support/wallet';

/**
 * Item 2 of issue 26: the Mini App speaks the user's Telegram language from the first launch
 * (initData `user.language_code`), the account takes it at the Telegram sign-in, and the bot's
 * next message to that user (a withdrawal code, through the fake Bot API) is in it too. A language
 * the user then picks in the app wins over Telegram's from then on, in the app and in the bot.
 */

interface Expected {
  code: string;
  lang: string;
  dir: 'rtl' | 'ltr';
  /** The bottom bar's Home and the login form's Password, as the app says them. */
  home: string;
  password: string;
  /** Words of the bot's withdrawal-code message. */
  codeWords: string;
}

const LANGUAGES: Expected[] = [
  { code: 'ar', lang: 'ar', dir: 'rtl', home: 'الرئيسية', password: 'كلمة المرور', codeWords: 'رمز السحب' },
  { code: 'fa', lang: 'fa', dir: 'rtl', home: 'خانه', password: 'رمز عبور', codeWords: 'کد برداشت' },
  { code: 'vi', lang: 'vi', dir: 'ltr', home: 'Trang chủ', password: 'Mật khẩu', codeWords: 'Mã rút tiền' },
  { code: 'zh-hant', lang: 'zh-TW', dir: 'ltr', home: '首頁', password: '密碼', codeWords: '提領驗證碼' },
];

let nextId = 850_000_000 + Math.floor(Math.random() * 1e6);

/** An account registered from Telegram (so linked to that Telegram user, with a username), in English. */
async function linkedAccount(request: APIRequestContext): Promise<{ telegramId: number; username: string }> {
  const telegramId = ++nextId;
  const username = `lang_${telegramId}`;
  const initData = sign({ user: { id: telegramId, first_name: 'Tess', username, language_code: 'en' } }, E2E_BOT_TOKEN, new Date());
  const phone = uniquePhone();
  await request.post('/core/app/sms/sendSmsCodeNoAuth', { form: { phone, type: 'register' } });
  const code = await smsCode(request, phone);
  const answer = await request.post('/core/app/auth/register', {
    form: { phone, password: 'secret123', confirmPassword: 'secret123', code },
    headers: { Authorization: `tma ${initData}`, 'Accept-Language': 'en-US' },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(200);
  return { telegramId, username };
}

/** The text of the bot's newest message to the chat after `afterId`, once there is one. */
async function nextBotText(request: APIRequestContext, chatId: number, afterId: number): Promise<string> {
  let text = '';
  await expect
    .poll(async () => {
      const sent = (await (await request.get(`${E2E_FAKE_BOT_URL}/_fake/sent?chat_id=${chatId}`)).json()) as {
        message_id: number;
        text?: string;
      }[];
      text =
        sent
          .filter((message) => message.message_id > afterId)
          .sort((a, b) => a.message_id - b.message_id)
          .at(-1)?.text ?? '';
      return text;
    })
    .not.toBe('');
  return text;
}

/** Asks for a withdrawal code as the signed-in app user (the token the app stored) and answers the bot's message. */
async function withdrawalCodeText(page: Page, chatId: number): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('prism.token'));
  const token = (JSON.parse(stored ?? '{}') as { token?: string }).token ?? '';
  expect(token).not.toBe('');
  const before = await lastBotMessageId(page.request, chatId);
  const answer = await page.request.post('/core/app/user/withdraw/sendCode', { headers: { Authorization: token } });
  expect(((await answer.json()) as { code: number }).code).toBe(200);
  return nextBotText(page.request, chatId, before);
}

async function expectLanguage(page: Page, expected: Pick<Expected, 'lang' | 'dir'>): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', expected.lang);
  await expect(page.locator('html')).toHaveAttribute('dir', expected.dir);
}

for (const language of LANGUAGES) {
  test(`launched with language_code ${language.code}: a linked user's app and the bot's next message speak it`, async ({ page }) => {
    const account = await linkedAccount(page.request);
    await installTelegramClient(page);
    await page.goto(launchUrl('/', { userId: account.telegramId, username: account.username, languageCode: language.code }));
    await page.waitForURL('**/pages/home/home');
    await expectLanguage(page, language);
    await expect(page.getByRole('navigation').getByRole('link', { name: language.home })).toBeVisible();
    // The choice is kept for the next launch.
    expect(await page.evaluate(() => localStorage.getItem('prism.locale'))).toBe(language.lang);

    const text = await withdrawalCodeText(page, account.telegramId);
    expect(text).toContain(language.codeWords);
    // In a right-to-left message the code sits in Unicode isolates, so it keeps its place in the sentence.
    expect(text).toMatch(language.dir === 'rtl' ? /\u2068\d{6}\u2069/ : /\b\d{6}\b/);
  });

  test(`first run of a new Telegram user with language_code ${language.code}: the sign-in page speaks it`, async ({ page }) => {
    await installTelegramClient(page);
    await page.goto(launchUrl('/', { userId: ++nextId, languageCode: language.code }));
    await page.waitForURL('**/pages/login/login**');
    await expectLanguage(page, language);
    await expect(page.getByLabel(language.password, { exact: true })).toBeVisible();
  });
}

test('a language picked in the app wins over Telegram language, in the app and in the bot', async ({ page }) => {
  test.setTimeout(90_000);
  const account = await linkedAccount(page.request);
  await installTelegramClient(page);
  await page.goto(launchUrl('/', { userId: account.telegramId, username: account.username, languageCode: 'ar' }));
  await page.waitForURL('**/pages/home/home');
  await expectLanguage(page, { lang: 'ar', dir: 'rtl' });

  await page.getByTestId('lang-button').click();
  await page.waitForURL('**/pages/myProfile/lang');
  await page.getByTestId('lang-vi').click();
  await page.waitForURL('**/pages/home/home');
  await expectLanguage(page, { lang: 'vi', dir: 'ltr' });
  expect(await withdrawalCodeText(page, account.telegramId)).toContain('Mã rút tiền');

  // Telegram now says Persian, and the app signs in again from the launch data (no token): the app
  // stays Vietnamese, and so does the account (the sign-in carries the app's language).
  await page.evaluate(() => localStorage.removeItem('prism.token'));
  await page.goto('about:blank');
  await page.goto(launchUrl('/', { userId: account.telegramId, username: account.username, languageCode: 'fa' }));
  await page.waitForURL('**/pages/home/home');
  await expectLanguage(page, { lang: 'vi', dir: 'ltr' });
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Trang chủ' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('prism.token'))).not.toBeNull();
});
