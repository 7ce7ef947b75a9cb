import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { routes } from '@prism/domain';
import { seededPlayer } from './support/seed';
import { registeredUser } from './support/telegramClient';
import { expect, expectToast, test } from './support/test';

/**
 * My data (issue 27, part 6): the player downloads their data, a player with money is told why the
 * account cannot be deleted before typing anything, and a player with nothing held deletes it and
 * lands signed out. In the light theme in English, and the dark theme in Arabic (right to left).
 */

async function openAs(page: Page, token: string, locale: 'en-US' | 'ar', theme: 'light' | 'dark') {
  await page.addInitScript(
    ([lang, colours, value]) => {
      localStorage.setItem('prism.locale', lang as string);
      localStorage.setItem('prism.theme', colours as string);
      localStorage.setItem('prism.token', JSON.stringify({ token: value }));
    },
    [locale, theme, token] as const,
  );
  await page.goto(routes.myData);
  await expect(page.getByTestId('mydata-screen')).toBeVisible();
}

test('light, English: a funded player downloads their data as JSON and is told deletion waits for their money', async ({ page }) => {
  const player = await seededPlayer(page.request);
  await openAs(page, player.token, 'en-US', 'light');

  // Refused before anything is typed: the reason and the coins, and no form to fill.
  await expect(page.getByTestId('mydata-blocker-money_held')).toContainText('Money is still in your account (CASH, USDT)');
  await expect(page.getByTestId('mydata-delete')).toHaveCount(0);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('mydata-download-json').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^prism-my-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const document = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as {
    sections: { profile: { phone: string }[]; payoutDetails: { holderName: string }[]; records: unknown[]; messages: unknown[] };
  };
  expect(document.sections.profile[0]?.phone).toBe(player.phone);
  expect(document.sections.payoutDetails[0]?.holderName).toBe('Pia Rao');
  expect(document.sections.records.length).toBeGreaterThanOrEqual(4);
  expect(document.sections.messages.length).toBeGreaterThanOrEqual(3);
  await expectToast(page, 'Your file has been downloaded');

  // One a minute: a second download at once is refused with the wait, shown on the page.
  await page.getByTestId('mydata-download-csv').click();
  await expect(page.getByTestId('mydata-download-error')).toContainText('You can download your data once a minute');
});

test('dark, Arabic: a player with nothing held deletes the account, confirms, and lands signed out for good', async ({ page }) => {
  const player = await registeredUser(page.request);
  await openAs(page, player.token, 'ar', 'dark');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const remove = page.getByTestId('mydata-delete');
  await expect(remove).toBeDisabled();
  await page.getByTestId('mydata-password').fill('secret123');
  await page.getByTestId('mydata-confirmation').fill('DELETE');
  await remove.click();
  // Outside Telegram, the app's own dialog asks once more.
  await expect(page.getByTestId('confirm-dialog')).toContainText('حذف حسابك؟');
  await page.getByTestId('confirm-ok').click();

  await page.waitForURL(`**${routes.login}`);
  const again = await page.request.post('/core/app/auth/login', { form: { phone: player.phone, password: 'secret123' } });
  expect(((await again.json()) as { code: number }).code).toBe(11003);
});
