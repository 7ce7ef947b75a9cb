import { expect, type Page, test } from '@playwright/test';
import { routes } from '@prism/domain';
import { describeNodes, navigate, seriousViolations } from './support/axe';
import { textContrast } from './support/contrast';
import { seededPlayer } from './support/seed';

/**
 * axe-core on every route, signed out and signed in, in both themes and in
 * English and Arabic (right to left): no serious or critical violation. The
 * player has real data (support/seed.ts): an unread badge, credited and debited
 * records, a bank card, messages; an empty page would hide what fails.
 */

const PUBLIC = ['login', 'lang', 'introduction', 'introductionPdf', 'gameVerify'] as const;
// Redirects; a power order's detail needs an order the seeded player does not have.
const SKIPPED = new Set(['load', 'loadAlias', 'doubleInvestDetail']);
const SIGNED_IN = (Object.keys(routes) as (keyof typeof routes)[]).filter((name) => !SKIPPED.has(name) && name !== 'login');

interface Found {
  route: string;
  id: string;
  impact: string;
  nodes: string[];
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe on `route`, reached as a user reaches it: the first route of a walk by loading the app, the
 * others by the app's own navigation (no reload, axe injected once). A route's chunk and its data each
 * show the loading indicator until they arrive; axe checks what a user then sees.
 */
async function serious(page: Page, route: string, load = false): Promise<Found[]> {
  if (load) {
    await page.goto(route);
    await expect(page.locator('main')).toBeVisible();
    await expect(page.locator('.page-loading')).toHaveCount(0);
  } else {
    await navigate(page, route);
  }
  return (await seriousViolations(page, { tags: TAGS })).map((violation) => ({
    route,
    id: violation.id,
    impact: violation.impact ?? '',
    nodes: describeNodes(violation, 3),
  }));
}

// The runs share nothing (each signs up its own user), and together they are the suite's longest
// file: let both workers take them.
test.describe.configure({ mode: 'parallel' });

/**
 * Each locale in one theme and each theme in one locale (a pairwise cover of locale x theme): the
 * theme decides colours and contrast, the locale the direction and the texts, and neither changes
 * what the other checks. The full four-way matrix cost two more runs of every route (about 1.5 min
 * of CI) for no case the pairs miss. `A11Y_MATRIX=full` runs all four.
 */
const RUNS =
  process.env.A11Y_MATRIX === 'full'
    ? (['en-US', 'ar'] as const).flatMap((locale) => (['dark', 'light'] as const).map((theme) => [locale, theme] as const))
    : ([
        ['en-US', 'dark'],
        ['ar', 'light'],
      ] as const);

for (const [locale, theme] of RUNS) {
  test(`axe: every route, ${locale}, ${theme} theme: no serious or critical violations`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.addInitScript(
      ([lang, colours]) => {
        localStorage.setItem('prism.locale', lang as string);
        localStorage.setItem('prism.theme', colours as string);
      },
      [locale, theme] as const,
    );
    const found: Found[] = [];
    for (const name of PUBLIC) found.push(...(await serious(page, routes[name], name === PUBLIC[0])));
    const { token, readMessageId } = await seededPlayer(page.request);
    await page.addInitScript((value) => localStorage.setItem('prism.token', JSON.stringify({ token: value })), token);
    for (const name of SIGNED_IN) {
      // The message opened is already read: the unread badge stays for the Personal tab.
      const route = name === 'noticeDetail' ? `${routes.noticeDetail}?id=${readMessageId}` : routes[name];
      found.push(...(await serious(page, route, name === SIGNED_IN[0])));
      if (name === 'account') {
        // The badge's digit is aria-hidden (axe skips it) but read by sighted users: measured here.
        const ratio = await textContrast(page.getByTestId('unread-count'));
        if (ratio < 4.5)
          found.push({ route: routes.account, id: 'unread-badge-contrast', impact: 'serious', nodes: [`${ratio.toFixed(2)}:1`] });
      }
      if (name === 'assetRecords') await expect(page.getByTestId('asset-record').first()).toBeVisible();
      if (name === 'bankCard') await expect(page.getByTestId('bank-cards')).toBeVisible();
    }
    if (found.length > 0) console.log(JSON.stringify(found));
    expect(found, JSON.stringify(found, null, 2)).toEqual([]);
  });
}
