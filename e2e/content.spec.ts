import { E2E_OPS_TOKEN } from './support/constants';
import { registerThroughUi, uniquePhone } from './support/helpers';
import { telegramLaunchUrl } from './support/telegram';
import { pressMainButton } from './support/telegramClient';
import { expect, expectToast, test } from './support/test';

const asOperator = { Authorization: `Ops ${E2E_OPS_TOKEN}` };

test('the introduction page shows the seeded placeholder per tab, and the operator’s edit after a refresh', async ({ page, request }) => {
  await page.goto('/pages/IntroductionPage/IntroductionPage');
  await expect(page.getByTestId('content-page')).toContainText('Project and background');
  await expect(page.getByTestId('content-page')).toContainText('This page is being prepared.');
  await page.getByRole('tab', { name: 'Newcomer guide' }).click();
  await expect(page.getByTestId('content-page').getByRole('listitem')).toHaveCount(3);

  // The operator edits the page (as `npm run ops -- content set guide en-US ...` does); Refresh shows it.
  const edited = await request.post('/core/admin/content', {
    headers: asOperator,
    form: { type: 'guide', locale: 'en-US', title: 'Newcomer guide', content: '## Welcome\nEdited by the operator. <b>not bold</b>' },
  });
  expect(((await edited.json()) as { code: number }).code).toBe(200);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('content-page')).toContainText('Edited by the operator. <b>not bold</b>');
  await expect(page.getByTestId('content-page').locator('b')).toHaveCount(0);
});

test('the PDF page renders the demo document with pdf.js under a dark grey bar', async ({ page }) => {
  await page.goto('/pages/IntroductionPage/IntroductionPage');
  await page.getByRole('button', { name: 'Open the document (PDF)' }).click();
  await page.waitForURL('**/pages/IntroductionPage/IntroductionPagePDF');
  await expect(page.getByTestId('pdf-pages')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  const canvas = page.getByTestId('pdf-pages').locator('canvas');
  await expect(canvas).toHaveCount(1);
  await page.screenshot({ path: 'test-results/pdf.png' });

  // Not blank: the page has the blue band, the orange bar, black text and white paper.
  const colours = await canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
    const seen = new Set<string>();
    for (let i = 0; i < data.length; i += 4 * 97) seen.add(`${(data[i] ?? 0) >> 5},${(data[i + 1] ?? 0) >> 5},${(data[i + 2] ?? 0) >> 5}`);
    const dark = [...seen].filter((key) => key === '0,0,0').length;
    return { distinct: seen.size, dark, width: c.width };
  });
  expect(colours.width).toBeGreaterThan(100);
  expect(colours.distinct).toBeGreaterThan(3);
  expect(colours.dark).toBe(1);

  const bar = page.locator('.page-bar');
  await expect(bar).toHaveCSS('background-color', 'rgb(51, 51, 51)');
  await expect(bar.locator('.bar-title')).toHaveCSS('color', 'rgb(255, 255, 255)');
  await expect(bar.locator('.bar-title')).toHaveCSS('font-size', '18px');
  await expect(bar.locator('.bar-title')).toHaveText('Document');

  // Refresh loads it again.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('pdf-pages')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(canvas).toHaveCount(1);
});

test('customer service: "not set" when empty, a new page with the link once the operator sets it', async ({ page, request }) => {
  const setUrl = async (value: string) => {
    const answer = await request.post('/core/admin/config', { headers: asOperator, form: { key: 'CUSTOMER_SERVICE_URL', value } });
    expect(((await answer.json()) as { code: number }).code).toBe(200);
  };
  await setUrl('');
  await registerThroughUi(page, uniquePhone(), 'secret123');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
  // The message is the error catalogue's, whose texts load with the first page beyond login, not
  // with the login page (lib/errorMessages.ts): already there, also without a network.
  await expect(page.getByRole('button', { name: 'Customer service' })).toBeVisible();
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Customer service' }).click();
  await expectToast(page, 'Customer service address not set');
  await page.context().setOffline(false);
  // In another language, in that language: its part of the catalogue loads with that layout too, which waits for it.
  await page.evaluate(() => {
    localStorage.setItem('prism.locale', 'zh-TW');
    localStorage.setItem('prism.locale.settled', '1');
  });
  await page.reload();
  await expect(page.getByRole('button', { name: '客服', exact: true })).toBeEnabled();
  await page.context().setOffline(true);
  await page.getByRole('button', { name: '客服', exact: true }).click();
  await expectToast(page, '尚未設定客服地址');
  await page.context().setOffline(false);
  await page.evaluate(() => localStorage.setItem('prism.locale', 'en-US'));

  const target = new URL('/docs/introduction.pdf?support=1', page.url()).href;
  await setUrl(target);
  await page.reload();
  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: 'Customer service' }).click();
  const support = await opened;
  expect(support.url()).toBe(target);
  await support.close();
});

test('inside Telegram, a t.me customer service link opens with openTelegramLink', async ({ browser, request }) => {
  const answer = await request.post('/core/admin/config', {
    headers: asOperator,
    form: { key: 'CUSTOMER_SERVICE_URL', value: 'https://t.me/prism_support' },
  });
  expect(((await answer.json()) as { code: number }).code).toBe(200);
  const phone = uniquePhone();
  const setup = await browser.newPage();
  await registerThroughUi(setup, phone, 'secret123');
  await setup.close();

  // A Telegram mobile client: the WebView proxy receives the Mini App's events.
  const context = await browser.newContext();
  await context.addInitScript(() => {
    const events: { type: string; data: string }[] = [];
    Object.assign(window, {
      tgEvents: events,
      TelegramWebviewProxy: { postEvent: (type: string, data: string) => events.push({ type, data }) },
    });
  });
  const page = await context.newPage();
  const user = { id: 810_000_000 + Math.floor(Math.random() * 1e6), username: `cs_${Date.now() % 1e6}` };
  await page.goto(telegramLaunchUrl(user));
  await page.waitForURL('**/pages/login/login**');
  // Inside Telegram, Log in is Telegram's MainButton.
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await pressMainButton(page);
  await page.waitForURL('**/pages/home/home');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Personal' }).click();
  const popup = context.waitForEvent('page', { timeout: 2_000 }).catch(() => undefined);
  await page.getByRole('button', { name: 'Customer service' }).click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { tgEvents: { type: string; data: string }[] }).tgEvents.filter((e) => e.type === 'web_app_open_tg_link'),
      ),
    )
    .toEqual([{ type: 'web_app_open_tg_link', data: JSON.stringify({ path_full: '/prism_support' }) }]);
  expect(await popup).toBeUndefined();
  await context.close();
});
