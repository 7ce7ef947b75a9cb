import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type RouteName, routes } from '@prism/domain';
import { readableTones } from '../apps/web/src/lib/contrast';
import { type SeededPlayer, seededPlayer } from './support/seed';
import {
  clientSends,
  expectLatest,
  installTelegramClient,
  launchUrl,
  logIn,
  registeredUser,
  TELEGRAM_DARK,
  TELEGRAM_DEFAULT_DARK,
  TELEGRAM_DEFAULT_LIGHT,
  TELEGRAM_LIGHT,
  type ThemeParams,
} from './support/telegramClient';

/**
 * Readable on the palettes Telegram really sends (docs/telegram.md, "Accessibility"): axe's
 * colour-contrast rule on every route, inside the stand-in Telegram client, in Telegram's default
 * light and dark palettes and iOS's light and dark, in English and Arabic, with real data on the
 * pages (an unread badge, credited and debited records, a bank card, messages). No serious or
 * critical violation. The full rule set runs in the browser theme (e2e/a11y.spec.ts); here only
 * colours change, so only the colour rule runs (8 walks of every route stay within CI's budget).
 */

const PALETTES: Record<string, ThemeParams> = {
  'telegram-light': TELEGRAM_DEFAULT_LIGHT,
  'telegram-dark': TELEGRAM_DEFAULT_DARK,
  'ios-light': TELEGRAM_LIGHT,
  'ios-dark': TELEGRAM_DARK,
};
const LOCALES = ['en-US', 'ar'] as const;

const PUBLIC: RouteName[] = ['login', 'lang', 'introduction', 'introductionPdf', 'gameVerify'];
// Redirects show nothing of their own; a power order's detail needs an order the player does not have.
const SKIPPED = new Set<RouteName>(['load', 'loadAlias', 'login', 'doubleInvestDetail']);
const SIGNED_IN = (Object.keys(routes) as RouteName[]).filter((name) => !SKIPPED.has(name));
/** Where the screenshots for a look are taken: the unread badge, and credited and debited amounts. */
const SHOWN: RouteName[] = ['account', 'assetRecords'];
/** The real data each of these pages must show, or the walk would judge an empty page. */
const REAL: Partial<Record<RouteName, string>> = {
  account: 'unread-count',
  assetRecords: 'asset-record',
  bankCard: 'bank-cards',
  notice: 'notice',
};

// One seeded player per worker: the walks only read (the notice detail opened is already read).
let player: Promise<SeededPlayer> | undefined;

interface Found {
  route: string;
  nodes: string[];
}

/** Client-side navigation, as the app's own links do: no reload, so the SDK and the palette stay as they are. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate(async (to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done));
  }, path);
  // The route's chunk and its data each show the loading placeholder (.page-loading) until they arrive.
  await page.waitForFunction(
    (to) => window.location.pathname === to.split('?')[0] && document.querySelector('main') && !document.querySelector('.page-loading'),
    path,
    { polling: 'raf', timeout: 15_000 },
  );
}

async function contrastFailures(page: Page, route: string): Promise<Found[]> {
  await navigate(page, route);
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      route,
      nodes: violation.nodes.slice(0, 4).map((node) => {
        const data = node.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
        return `${node.target.join(' ')} (${data?.fgColor} on ${data?.bgColor}: ${data?.contrastRatio})`;
      }),
    }));
}

/** The page really is in the palette: Telegram's variables are bound and the app follows them. */
async function expectPalette(page: Page, theme: ThemeParams): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-follow-telegram', '');
  const bound = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--tg-theme-bg-color').trim());
  expect(bound).toBe(theme.bg_color);
}

test.describe.configure({ mode: 'parallel' });

for (const [name, theme] of Object.entries(PALETTES)) {
  for (const locale of LOCALES) {
    test(`${name} palette, ${locale}: every route's text reads at 4.5:1 (axe colour-contrast)`, async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      player ??= seededPlayer(page.request);
      const { token, readMessageId } = await player;
      await page.addInitScript((lang) => localStorage.setItem('prism.locale', lang), locale);
      await installTelegramClient(page, { theme });
      await page.goto(launchUrl(routes.login, { theme }));
      await expectPalette(page, theme);
      const found: Found[] = [];
      for (const route of PUBLIC) found.push(...(await contrastFailures(page, routes[route])));

      await page.evaluate((value) => localStorage.setItem('prism.token', JSON.stringify({ token: value })), token);
      await page.goto(launchUrl(routes.home, { theme }));
      await expectPalette(page, theme);
      for (const route of SIGNED_IN) {
        const path = route === 'noticeDetail' ? `${routes.noticeDetail}?id=${readMessageId}` : routes[route];
        found.push(...(await contrastFailures(page, path)));
        const shows = REAL[route];
        if (shows) await expect(page.getByTestId(shows).first()).toBeVisible();
        if (SHOWN.includes(route)) {
          const body = await page.screenshot({ path: `.tmp/screenshots/palette-${name}-${locale}-${route}.png`, fullPage: true });
          await testInfo.attach(`${name}-${locale}-${route}`, { body, contentType: 'image/png' });
        }
      }
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    });
  }
}
