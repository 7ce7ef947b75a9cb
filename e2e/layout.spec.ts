import { expect, type Page, test } from '@playwright/test';
import { LOCALES, type RouteName, routes } from '@prism/domain';
import { navigate } from './support/axe';
import { E2E_OPS_TOKEN } from './support/constants';
import { logIn, registeredUser } from './support/telegramClient';

/**
 * Layouts that hold on a phone (docs/decisions.md, "What a player sees before money moves"): at 360 px no route scrolls
 * sideways, in any locale, with long real data (a 10-digit phone as the name,
 * a long Persian nickname, long product and advisor names, seven-digit
 * balances). One signed-in page: the locale is switched as the app stores it,
 * and every route of the shared route table is reached by client-side navigation.
 */

// Redirects (the entry page) and the login page (a signed-in user is sent home) show nothing of their own.
const NOT_PAGES = new Set<RouteName>(['load', 'loadAlias', 'login']);
const PAGES = (Object.keys(routes) as RouteName[]).filter((name) => !NOT_PAGES.has(name));

const asOperator = { Authorization: `Ops ${E2E_OPS_TOKEN}` };
// A Persian name joined by zero-width non-joiners: one long word with no place to break.
const LONG_NICKNAME = 'عبدالرحمن‌محمدحسین‌زاده‌تهرانی';

interface Offender {
  element: string;
  right: number;
  left: number;
  text: string;
}

interface Measure {
  scrollWidth: number;
  clientWidth: number;
  offenders: Offender[];
  /** Tab strips whose tabs do not sit on one line (a third tab wrapped under the first two). */
  wrappedTabs: string[];
}

/** What the operator configures: a fixed-deposit term and a follow-invest product with the longest names allowed. */
async function operatorAddsLongProducts(page: Page): Promise<void> {
  const deposit = await page.request.post('/core/admin/fixedDeposit/products', {
    headers: asOperator,
    form: { name: 'Tiết kiệm kỳ hạn dài ưu đãi đặc', coin: 'CASH', days: '180', annualRate: '12.5', minAmount: '1000000', enabled: 'true' },
  });
  expect(await deposit.json()).toMatchObject({ code: 200 });
  const product = await page.request.post('/core/admin/followInvest/products', {
    headers: asOperator,
    form: {
      advisorName: 'Nguyễn Thị Phương Thảo — Chuyên gia đầu tư chiến lược toàn cầu',
      coin: 'CASH',
      price: '1000000',
      days: '365',
      dailyRate: '1.5',
      giftRate: '2',
      enabled: 'true',
    },
  });
  expect(await product.json()).toMatchObject({ code: 200 });
}

/** A user with a long name and seven-digit balances (a gift code the operator created). */
async function richUserWithLongName(page: Page): Promise<string> {
  const { token } = await registeredUser(page.request);
  const auth = { Authorization: token, 'X-Access-Token': token };
  const renamed = await page.request.post('/core/app/user/modifyUserBaseInfo', { headers: auth, form: { nickName: LONG_NICKNAME } });
  expect(await renamed.json()).toMatchObject({ code: 200 });
  const created = await page.request.post('/core/admin/giftCodes', {
    headers: asOperator,
    form: { asset: 'CASH', amount: '9876543.21', totalUses: '1', days: '7' },
  });
  const { code } = ((await created.json()) as { result: { code: string } }).result;
  const redeemed = await page.request.post('/core/app/giftCode/redeem', { headers: auth, form: { code } });
  expect(await redeemed.json()).toMatchObject({ code: 200 });
  return token;
}

/** The page's width against the viewport's, and the outermost elements that reach past it (outside a scrolling strip). */
function measure(page: Page): Promise<Measure> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const clipped = (element: Element): boolean => {
      for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') return true;
      }
      return false;
    };
    const outside = (element: Element): boolean => {
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && (box.right > width + 0.5 || box.left < -0.5);
    };
    const offenders = [...document.body.querySelectorAll('*')]
      .filter((element) => outside(element) && !(element.parentElement && outside(element.parentElement)) && !clipped(element))
      .slice(0, 5)
      .map((element) => {
        const box = element.getBoundingClientRect();
        const testId = element.getAttribute('data-testid');
        const name = `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().replace(/\s+/g, '.')}` : ''}`;
        return {
          element: testId ? `${name}[data-testid=${testId}]` : name,
          right: Math.round(box.right),
          left: Math.round(box.left),
          text: (element.textContent ?? '').trim().slice(0, 60),
        };
      });
    const wrappedTabs = [...document.querySelectorAll('[role="tablist"]')]
      .filter(
        (list) => new Set([...list.querySelectorAll('[role="tab"]')].map((tab) => Math.round(tab.getBoundingClientRect().top))).size > 1,
      )
      .map((list) => list.getAttribute('aria-label') ?? 'tablist');
    return { scrollWidth: root.scrollWidth, clientWidth: width, offenders, wrappedTabs };
  });
}

/** A few pages show more once asked: the Link Telegram card shows the `/start link_…` token. */
async function reveal(page: Page, name: RouteName): Promise<void> {
  if (name !== 'account') return;
  const create = page.getByTestId('telegram-link-create');
  if ((await create.count()) === 0) return;
  await create.click();
  await expect(page.getByTestId('telegram-link-url').or(page.getByTestId('telegram-link-command'))).toBeVisible();
}

test.use({ viewport: { width: 360, height: 740 } });

/**
 * One test per locale, each on its own: the five locales in one test took 96 s alone on a slow
 * machine and needed a 300 s limit; apart they spread over both workers. The operator's products and
 * the rich user are made once per worker (they are only read).
 */
let setup: Promise<{ token: string; query: Partial<Record<RouteName, string>> }> | undefined;

async function longData(page: Page): Promise<{ token: string; query: Partial<Record<RouteName, string>> }> {
  await operatorAddsLongProducts(page);
  const token = await richUserWithLongName(page);
  const packages = (await (await page.request.get('/core/app/powerSession/cateList')).json()) as {
    result: { sessions?: { id: number }[] }[];
  };
  const firstPackage = packages.result?.flatMap((category) => category.sessions ?? [])[0]?.id;
  return { token, query: firstPackage ? { doubleInvestDetail: `?id=${firstPackage}` } : {} };
}

test.describe.configure({ mode: 'parallel' });

for (const [index, locale] of LOCALES.entries()) {
  const theme = index % 2 === 0 ? 'dark' : 'light';
  test(`no route scrolls sideways at 360 px, ${locale} (${theme}), with long real data`, async ({ page }) => {
    test.setTimeout(120_000);
    setup ??= longData(page);
    const { token, query } = await setup;
    await logIn(page, token);
    await page.goto(routes.home);
    // The app's own setting, stored where the language page keeps it; the themes take turns by locale.
    await page.evaluate(
      ([lang, look]) => {
        localStorage.setItem('prism.locale', lang as string);
        localStorage.setItem('prism.theme', look as string);
      },
      [locale, theme],
    );
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const failures: string[] = [];
    for (const name of PAGES) {
      const path = `${routes[name]}${query[name] ?? ''}`;
      await navigate(page, path);
      await reveal(page, name);
      const found = await measure(page);
      if (found.scrollWidth > found.clientWidth || found.offenders.length > 0 || found.wrappedTabs.length > 0) {
        const tabs = found.wrappedTabs.length ? `, tabs on two lines: ${found.wrappedTabs.join(', ')}` : '';
        failures.push(`${locale} ${path}: page ${found.scrollWidth}/${found.clientWidth} px ${JSON.stringify(found.offenders)}${tabs}`);
      }
    }
    expect(failures, failures.join('\n')).toEqual([]);
  });
}
