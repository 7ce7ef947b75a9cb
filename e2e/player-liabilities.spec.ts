import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { routes, verifyLiabilityProof } from '@prism/domain';
import { E2E_OPS_TOKEN } from './support/constants';
import { seededPlayer } from './support/seed';

/**
 * Proof of liabilities (docs/liabilities.md): the public page without a login, and a seeded player's
 * own inclusion verified in the browser and downloaded as the file `npm run verify` reads; in the
 * light and dark themes and in Arabic (right to left). A snapshot is taken through the operator's
 * path (POST /core/admin/liabilities/snapshot, as `npm run ops -- liabilities snapshot` does).
 */

async function takeSnapshot(page: Page): Promise<number> {
  const response = await page.request.post('/core/admin/liabilities/snapshot', { headers: { Authorization: `Ops ${E2E_OPS_TOKEN}` } });
  const body = (await response.json()) as { code: number; message: string; result: { id: number } };
  expect(body.code, body.message).toBe(200);
  return body.result.id;
}

async function prefer(page: Page, locale: string, theme: 'light' | 'dark', token?: string) {
  await page.addInitScript(
    ([lang, colours, value]) => {
      localStorage.setItem('prism.locale', lang as string);
      localStorage.setItem('prism.theme', colours as string);
      if (value) localStorage.setItem('prism.token', JSON.stringify({ token: value }));
    },
    [locale, theme, token ?? ''] as const,
  );
}

test('anyone sees what the platform owes per coin, the snapshot and its ledger check, without logging in (light theme)', async ({
  page,
}) => {
  await seededPlayer(page.request);
  const id = await takeSnapshot(page);
  await prefer(page, 'en-US', 'light');
  await page.goto(routes.liabilities);
  await expect(page.getByTestId('liabilities-totals')).toBeVisible();
  await expect(page.getByTestId('liabilities-coin-CASH')).toContainText('CASH');
  await expect(page.getByTestId('liabilities-check')).toContainText('Ledger check passed');
  const published = (await (await page.request.get('/core/app/public/liabilities')).json()) as { result: { id: number; root: string } };
  expect(published.result.id).toBeGreaterThanOrEqual(id);
  await expect(page.getByTestId('liabilities-root')).toHaveText(published.result.root);
  await expect(page.getByText('Sign in to check that your own balance is included.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});

test('a signed-in player verifies their inclusion in the browser and downloads the proof file (dark theme)', async ({ page }) => {
  const { token } = await seededPlayer(page.request);
  await takeSnapshot(page);
  await prefer(page, 'en-US', 'dark', token);
  await page.goto(routes.liabilities);
  await expect(page.getByTestId('liabilities-proof')).toBeVisible();
  await page.getByTestId('liabilities-verify').click();
  await expect(page.getByTestId('liabilities-verdict')).toContainText('Verified: your balances are counted in the published totals.');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('liabilities-download').click()]);
  const file = JSON.parse(await readFile((await download.path()) as string, 'utf8')) as unknown;
  expect(verifyLiabilityProof(file).ok).toBe(true);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('in Arabic the page reads right to left and the verification still passes', async ({ page }) => {
  const { token } = await seededPlayer(page.request);
  await takeSnapshot(page);
  await prefer(page, 'ar', 'light', token);
  await page.goto(routes.liabilities);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText('ما تدين به المنصة', { exact: true })).toBeVisible();
  await page.getByTestId('liabilities-verify').click();
  await expect(page.getByTestId('liabilities-verdict')).toContainText('تم التحقق');
});
