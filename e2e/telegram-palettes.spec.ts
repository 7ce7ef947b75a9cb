import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { type RouteName, routes } from '@prism/domain';
import { readableTones } from '../apps/web/src/lib/contrast';
import { describeNodes, navigate, seriousViolations } from './support/axe';
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
 * colours change, so only the colour rule runs (each route is loaded once per client and locale, and judged in both of that client's palettes).
 */

/**
 * Each client's day and night palettes. A client switches between its own two, which carry the same
 * keys; Telegram's default palettes lack keys iOS sends (section_bg_color, ...), so a switch from an
 * iOS palette to a default one would keep iOS's colours for those keys, a mix no client sends.
 */
const CLIENTS = {
  telegram: { 'telegram-light': TELEGRAM_DEFAULT_LIGHT, 'telegram-dark': TELEGRAM_DEFAULT_DARK },
  ios: { 'ios-light': TELEGRAM_LIGHT, 'ios-dark': TELEGRAM_DARK },
} satisfies Record<string, Record<string, ThemeParams>>;
/**
 * Each client's palettes in one locale, and each locale with one client (a pairwise cover, as
 * a11y.spec.ts does for theme x locale): the palette decides the colours, the locale the direction and
 * the texts, and neither changes what the other checks. The four-way walk cost CI about two minutes of
 * browser time for no case the pairs miss; `PALETTE_MATRIX=full` runs it.
 */
const WALKS: readonly (readonly [keyof typeof CLIENTS, 'en-US' | 'ar'])[] =
  process.env.PALETTE_MATRIX === 'full'
    ? (['telegram', 'ios'] as const).flatMap((client) => (['en-US', 'ar'] as const).map((locale) => [client, locale] as const))
    : [
        ['telegram', 'en-US'],
        ['ios', 'ar'],
      ];

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

/** axe's colour-contrast rule on the page as it is now; `route` names it in the findings. */
async function contrastFailures(page: Page, route: string): Promise<Found[]> {
  const violations = await seriousViolations(page, { rules: ['color-contrast'] });
  return violations.map((violation) => ({ route, nodes: describeNodes(violation, 4) }));
}

/** The page really is in the palette: Telegram's variables are bound and the app's tones derived from them. */
async function expectPalette(page: Page, theme: ThemeParams): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-follow-telegram', '');
  const text2 = readableTones(theme)['--text-2'];
  await page.waitForFunction(
    ([bg, tone]) => {
      const style = getComputedStyle(document.documentElement);
      return style.getPropertyValue('--tg-theme-bg-color').trim() === bg && style.getPropertyValue('--text-2').trim() === tone;
    },
    [theme.bg_color, text2] as const,
    { polling: 'raf', timeout: 10_000 },
  );
}

/**
 * Every palette on the page as it stands: Telegram switches the palette in place (theme_changed, as
 * when the user changes Telegram's theme), the app re-themes, and axe judges it. Switching instead of
 * launching once per palette loads each route and its data once rather than four times: the walk's
 * cost was mostly navigation. Test 5 below proves a switch re-themes as fully as a launch does.
 */
async function everyPalette(
  page: Page,
  palettes: Record<string, ThemeParams>,
  route: string,
  also?: (label: string) => Promise<Found[]>,
): Promise<Found[]> {
  const found: Found[] = [];
  for (const [name, theme] of Object.entries(palettes)) {
    await clientSends(page, 'theme_changed', { theme_params: theme });
    await expectPalette(page, theme);
    found.push(...(await contrastFailures(page, `${route} [${name}]`)));
    if (also) found.push(...(await also(`${route} [${name}]`)));
  }
  return found;
}

/** The unread badge's digit is aria-hidden (axe skips it) but read by sighted users: measured here. */
async function badgeContrast(page: Page, label: string): Promise<Found[]> {
  const ratio = await textContrast(page.getByTestId('unread-count'));
  return ratio < 4.5 ? [{ route: label, nodes: [`unread badge ${ratio.toFixed(2)}:1`] }] : [];
}

test.describe.configure({ mode: 'parallel' });

/**
 * Each walk in parts of at most PART_SIZE routes, each part its own test: on a slow CI machine one
 * walk of all 39 routes took over two minutes (a timeout, stop 46), and parts also spread over both
 * workers. Every part launches the client afresh, which costs a second or two, not a route's worth.
 */
const PART_SIZE = 9;
const PARTS: { name: string; routes: RouteName[]; signedIn: boolean }[] = [
  { name: 'signed out', routes: PUBLIC, signedIn: false },
  ...Array.from({ length: Math.ceil(SIGNED_IN.length / PART_SIZE) }, (_, index) => {
    const part = SIGNED_IN.slice(index * PART_SIZE, (index + 1) * PART_SIZE);
    return { name: `${part[0]} to ${part.at(-1)}`, routes: part, signedIn: true };
  }),
];

for (const [client, locale] of WALKS) {
  const palettes = CLIENTS[client];
  const first = Object.values(palettes)[0] as ThemeParams;
  for (const part of PARTS) {
    test(`${client} palettes, ${locale}, ${part.name}: every route's text reads at 4.5:1 (axe colour-contrast)`, async ({
      page,
    }, testInfo) => {
      test.setTimeout(90_000);
      await page.addInitScript((lang) => localStorage.setItem('prism.locale', lang), locale);
      await installTelegramClient(page, { theme: first });
      const found = part.signedIn
        ? await walkSignedIn(page, palettes, part.routes, { locale, testInfo })
        : await walkSignedOut(page, palettes, part.routes);
      expect(found, JSON.stringify(found, null, 2)).toEqual([]);
    });
  }
}

/** The public pages, launched signed out. */
async function walkSignedOut(page: Page, palettes: Record<string, ThemeParams>, names: RouteName[]): Promise<Found[]> {
  const first = Object.values(palettes)[0] as ThemeParams;
  await page.goto(launchUrl(routes.login, { theme: first }));
  await expectPalette(page, first);
  const found: Found[] = [];
  for (const route of names) {
    await navigate(page, routes[route]);
    found.push(...(await everyPalette(page, palettes, routes[route])));
  }
  return found;
}

/** The signed-in pages, as the worker's seeded player, each checked to show its real data first. */
async function walkSignedIn(
  page: Page,
  palettes: Record<string, ThemeParams>,
  names: RouteName[],
  look: { locale: string; testInfo: TestInfo },
): Promise<Found[]> {
  player ??= seededPlayer(page.request);
  const { token, readMessageId } = await player;
  const first = Object.values(palettes)[0] as ThemeParams;
  await page.addInitScript((value) => localStorage.setItem('prism.token', JSON.stringify({ token: value })), token);
  await page.goto(launchUrl(routes.home, { theme: first }));
  await expectPalette(page, first);
  const found: Found[] = [];
  for (const route of names) {
    const path = route === 'noticeDetail' ? `${routes.noticeDetail}?id=${readMessageId}` : routes[route];
    await navigate(page, path);
    const shows = REAL[route];
    if (shows) await expect(page.getByTestId(shows).first()).toBeVisible();
    const badge = route === 'account' ? (label: string) => badgeContrast(page, label) : undefined;
    found.push(...(await everyPalette(page, palettes, path, badge)));
    if (SHOWN.includes(route)) await screenshots(page, palettes, `${look.locale}-${route}`, look.testInfo);
  }
  return found;
}

/** A look at the page in each palette, for people (the unread badge, credited and debited amounts). */
async function screenshots(page: Page, palettes: Record<string, ThemeParams>, label: string, testInfo: TestInfo): Promise<void> {
  for (const [name, theme] of Object.entries(palettes)) {
    await clientSends(page, 'theme_changed', { theme_params: theme });
    await expectPalette(page, theme);
    const body = await page.screenshot({ path: `.tmp/screenshots/palette-${name}-${label}.png`, fullPage: true });
    await testInfo.attach(`${name}-${label}`, { body, contentType: 'image/png' });
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
