import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type RouteName, routes } from '@prism/domain';
import { readableTones } from '../apps/web/src/lib/contrast';
import { textContrast } from './support/contrast';
import { type SeededPlayer, seededPlayer } from './support/seed';
import {
  clearTelegramEvents,
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

// The engine @axe-core/playwright runs, injected once per page load rather than once per route (the
// walk navigates inside the app, so it stays): about half of each route's check under load.
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(
  require.resolve('axe-core/axe.min.js', { paths: [path.dirname(require.resolve('@axe-core/playwright'))] }),
  'utf8',
);

interface AxeNode {
  target: string[];
  any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
}
interface AxeViolation {
  impact?: string | null;
  nodes: AxeNode[];
}

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
  const t0 = Date.now();
  await navigate(page, route);
  const t1 = Date.now();
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  if (process.env.PALETTE_TIMING) console.log(`TIMING ${route} nav ${t1 - t0} axe ${Date.now() - t1}`);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      route,
      nodes: violation.nodes.slice(0, 4).map((node) => {
        const data = node.any[0]?.data;
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
        if (route === 'account') {
          // The badge's digit is aria-hidden (axe skips it) but read by sighted users: measured here.
          const ratio = await textContrast(page.getByTestId('unread-count'));
          if (ratio < 4.5) found.push({ route: routes.account, nodes: [`unread badge ${ratio.toFixed(2)}:1`] });
        }
        if (SHOWN.includes(route)) {
          const body = await page.screenshot({ path: `.tmp/screenshots/palette-${name}-${locale}-${route}.png`, fullPage: true });
          await testInfo.attach(`${name}-${locale}-${route}`, { body, contentType: 'image/png' });
        }
      }
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    });
  }
}

const rootVar = (page: Page, name: string) =>
  page.evaluate((variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(), name);

/** "#232e3c" -> "rgb(35, 46, 60)", as getComputedStyle writes a colour. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

test("5. Telegram's theme switched while the app is open: the chrome colours sent are the new palette's at once, and the page re-themes", async ({
  page,
}) => {
  const { token } = await registeredUser(page.request);
  await logIn(page, token);
  await installTelegramClient(page, { theme: TELEGRAM_DEFAULT_LIGHT });
  await page.goto(launchUrl(routes.account, { theme: TELEGRAM_DEFAULT_LIGHT }));
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectLatest(page, 'web_app_set_background_color', { color: TELEGRAM_DEFAULT_LIGHT.secondary_bg_color });
  for (const [scheme, theme] of [
    ['dark', TELEGRAM_DEFAULT_DARK],
    ['light', TELEGRAM_DEFAULT_LIGHT],
  ] as const) {
    // Only what the app sends after the switch counts: a colour of the palette before must not be the last word.
    await clearTelegramEvents(page);
    await clientSends(page, 'theme_changed', { theme_params: theme });
    await expectLatest(page, 'web_app_set_background_color', { color: theme.secondary_bg_color });
    await expectLatest(page, 'web_app_set_bottom_bar_color', { color: theme.secondary_bg_color });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expect(page.locator('html')).toHaveAttribute('data-follow-telegram', '');
    await expect(page.locator('body')).toHaveCSS('background-color', rgb(theme.secondary_bg_color));
    // The text tones are derived again from the new palette (lib/contrast.ts), not left from the old one.
    const tones = readableTones(theme);
    await expect.poll(() => rootVar(page, '--text-2')).toBe(tones['--text-2']);
    expect(await rootVar(page, '--accent')).toBe(tones['--accent']);
    // What the user sees: an inactive tab of the bottom bar is secondary text.
    await expect(page.locator('.bottom-nav-item:not(.active)').first()).toHaveCSS('color', rgb(tones['--text-2']));
  }
});

test("5. the page is as tall as Telegram's stable viewport inside Telegram, and 100dvh in a browser", async ({ page, browser }) => {
  // The stand-in client reports a viewport shorter than the window (812 px): only the variable can give 640.
  await installTelegramClient(page, { theme: TELEGRAM_DEFAULT_LIGHT, viewportHeight: 640 });
  await page.goto(launchUrl(routes.login, { theme: TELEGRAM_DEFAULT_LIGHT }));
  await expect.poll(() => rootVar(page, '--tg-viewport-stable-height')).toBe('640px');
  await expect(page.locator('body')).toHaveCSS('min-height', '640px');
  await expect(page.locator('.shell').first()).toHaveCSS('min-height', '640px');

  const plain = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await plain.goto(routes.login);
  await expect(plain.locator('.shell').first()).toBeVisible();
  await expect(plain.locator('body')).toHaveCSS('min-height', '812px');
  await expect(plain.locator('.shell').first()).toHaveCSS('min-height', '812px');
  await plain.close();
});
