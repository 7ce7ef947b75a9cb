import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_OPS_TOKEN } from './support/constants';
import { registeredUser } from './support/telegramClient';

/**
 * The support chat (issue 27, part 4): a player writes with an image, an operator answers through
 * the operator API (as the console and `npm run ops` do), and the answer appears live on the
 * player's open page; the Personal tab shows unread answers. Then the same conversation in the
 * dark theme and in Arabic: the player's own bubbles sit on the inline-end side (left in RTL).
 */

/** The smallest valid PNG: 1x1 transparent pixel. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SUPPORT_PAGE = '/pages/support/support';
const asOperator = { Authorization: `Ops ${E2E_OPS_TOKEN}` };

interface Envelope<T> {
  code: number;
  message: string;
  result: T;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, body.message).toBe(200);
  return body.result;
}

/** The operator answers the player's conversation (found by the player's last message). */
async function answer(request: APIRequestContext, lastText: string, text: string): Promise<void> {
  const list = await ok<{ content: { id: number; lastText: string }[] }>(
    await request.get('/core/admin/support/conversations', { headers: asOperator, params: { pageSize: '100' } }),
  );
  const conversation = list.content.find((c) => c.lastText === lastText);
  expect(conversation, `a conversation whose last message is ${lastText}`).toBeTruthy();
  await ok(await request.post(`/core/admin/support/conversations/${conversation?.id}/reply`, { headers: asOperator, form: { text } }));
}

async function openAs(page: Page, token: string, settings: { theme?: string; locale?: string } = {}): Promise<void> {
  await page.addInitScript(
    ([value, theme, locale]) => {
      localStorage.setItem('prism.token', JSON.stringify({ token: value }));
      if (theme) localStorage.setItem('prism.theme', theme);
      if (locale) localStorage.setItem('prism.locale', locale);
    },
    [token, settings.theme ?? '', settings.locale ?? ''] as const,
  );
}

test('a player sends an image, the answer arrives live, and the Personal tab counts unread answers', async ({ page }) => {
  const { token } = await registeredUser(page.request);
  await openAs(page, token, { theme: 'light' });
  await page.goto(SUPPORT_PAGE);
  await expect(page.getByTestId('empty-state')).toContainText('No messages yet');
  await expect(page.getByTestId('support-composer')).toContainText('up to 5 MB');

  // A file that is not an image is refused before any upload, with the limits named.
  await page.getByTestId('support-file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('support-error')).toHaveText('Only JPEG, PNG, GIF or WebP images can be attached.');

  await page.getByTestId('support-file').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG });
  await page.getByTestId('support-text').fill('My deposit is missing, here is the receipt');
  await page.getByTestId('support-send').click();
  const own = page.getByTestId('support-own');
  await expect(own).toContainText('My deposit is missing');
  await expect(own.locator('img')).toHaveAttribute('src', /^\/core\/files\/[0-9a-f]{64}\.png$/);
  await expect(page.getByTestId('support-text')).toHaveValue('');

  // No reload: the answer comes over the live stream.
  await answer(page.request, 'My deposit is missing, here is the receipt', 'We found it: it is credited now.');
  await expect(page.getByTestId('support-theirs')).toContainText('We found it: it is credited now.');

  // Shown, so read: no badge. A new answer while away is counted on the Personal tab.
  await page.goto('/pages/account/account');
  await expect(page.getByRole('button', { name: 'Support chat' })).toBeVisible();
  await expect(page.getByTestId('support-unread')).toHaveCount(0);
  await answer(page.request, 'We found it: it is credited now.', 'Anything else?');
  await page.reload();
  await expect(page.getByTestId('support-unread').locator('[aria-hidden="true"]')).toHaveText('1');
  await page.getByRole('button', { name: 'Support chat' }).click();
  await page.waitForURL(`**${SUPPORT_PAGE}`);
  await expect(page.getByTestId('support-theirs').last()).toContainText('Anything else?');
});

test('dark theme, Arabic: the conversation reads right to left, own messages on the inline-end side', async ({ page }) => {
  const { token } = await registeredUser(page.request);
  const sent = await page.request.post('/core/app/support/send', {
    headers: { Authorization: `Bearer ${token}` },
    form: { text: 'مرحبا، لدي سؤال' },
  });
  await ok(sent);
  await answer(page.request, 'مرحبا، لدي سؤال', 'أهلًا، كيف نساعدك؟');
  await openAs(page, token, { theme: 'dark', locale: 'ar' });
  await page.goto(SUPPORT_PAGE);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const own = page.getByTestId('support-own');
  const theirs = page.getByTestId('support-theirs');
  await expect(own).toContainText('مرحبا، لدي سؤال');
  await expect(theirs).toContainText('أهلًا، كيف نساعدك؟');
  await expect(page.getByTestId('support-text')).toHaveAttribute('placeholder', 'اكتب رسالتك');
  const [ownBox, theirBox] = [await own.boundingBox(), await theirs.boundingBox()];
  // In RTL the inline end is the left: the player's bubble starts left of the answer's.
  expect(ownBox && theirBox && ownBox.x < theirBox.x).toBe(true);
  expect(ownBox && theirBox && ownBox.x + ownBox.width < theirBox.x + theirBox.width).toBe(true);
});
