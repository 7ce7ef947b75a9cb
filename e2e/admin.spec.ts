import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import type { OperatorRole } from '@prism/domain';
import { sign } from '@telegram-apps/init-data-node';
import { Secret, TOTP } from 'otpauth';
import { type ProvisionedOperator, provisionOperator as provision } from '../apps/core/src/testing/operators';
import { E2E_BASE_URL, E2E_BOT_TOKEN, E2E_FAKE_BOT_URL, E2E_OPS_TOKEN } from './support/constants';
import { smsCode, uniquePhone } from './support/helpers';
import { lastBotMessageId, lastSmsId, newSmsCode, operatorOpensWithdrawals, telegramCode } from './support/wallet';

/**
 * The proof of the operator's side (issue 25), through the console as operators use it:
 * an owner (provisioned with the break-glass token) creates a finance and a support operator; finance
 * sets up its account from the setup link (QR secret, password, first code, recovery codes) and signs
 * in with TOTP; finance approves a player's withdrawal, the player sees it paid and the bot tells
 * them; support sees the withdrawal but no Approve button, and the API answers 403 to its token; an
 * adjustment finance requests waits for a second operator until the owner approves it; the audit
 * view lists all of it under the right names.
 */
test.use({ viewport: { width: 1280, height: 860 } });

/**
 * An operator made through the API as a person would (setup link, TOTP, sign-in, token): the owner
 * of the e2e server creates it. The setup spent the current TOTP step, so that code counts as used.
 */
async function provisionOperator(login: string, role: OperatorRole): Promise<ProvisionedOperator> {
  const operator = await provision(E2E_BASE_URL, E2E_OPS_TOKEN, { login, role });
  lastSteps.set(operator.totpSecret, stepAt(Date.now()));
  return operator;
}

interface Envelope<T> {
  code: number;
  message: string;
  result: T;
}

const TOTP_PERIOD_MS = 30_000;
const stepAt = (ms: number) => Math.floor(ms / TOTP_PERIOD_MS);
/** The last time step used, per secret: the server accepts a code once, and only of a later step than the last. */
const lastSteps = new Map<string, number>();
/**
 * A code of the next unused step. The server accepts one step either side of its own (clock drift),
 * so when this step's code is used up the next step's is sent at once, as by an authenticator whose
 * clock runs up to 30 s ahead; waiting for a new code cost this test up to 30 s a sign-in. Only a
 * third code within one step waits.
 */
async function totp(secret: string): Promise<string> {
  const step = Math.max(stepAt(Date.now()), (lastSteps.get(secret) ?? Number.NEGATIVE_INFINITY) + 1);
  const wait = (step - 1) * TOTP_PERIOD_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 100));
  lastSteps.set(secret, step);
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * TOTP_PERIOD_MS });
}

const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function signIn(page: Page, operator: { login: string; password: string; totpSecret: string }): Promise<void> {
  await page.goto('/admin/');
  await page.waitForURL('**/admin/login**');
  await page.getByLabel('Login').fill(operator.login);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByLabel('Code').fill(await totp(operator.totpSecret));
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('admin-who')).toContainText(operator.login);
}

async function openNav(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The owner adds an operator in the console and reads the setup link to hand over. */
async function addOperator(page: Page, login: string, role: 'Finance' | 'Support'): Promise<string> {
  const form = page.getByRole('region', { name: 'Add an operator' });
  await form.getByLabel('Login').fill(login);
  await form.getByLabel('Role').selectOption({ label: role });
  await form.getByRole('button', { name: 'Add operator' }).click();
  const link = (await page.getByLabel(`Setup link for ${login}`).textContent()) ?? '';
  expect(link).toMatch(/\/admin\/setup\/\S+$/);
  await expect(page.getByRole('table', { name: 'Operator accounts' }).getByRole('row', { name: new RegExp(login) })).toContainText(
    'Setup pending',
  );
  return link;
}

/** Setup from the link in a browser of its own: the secret as text, a password twice, the first code, the recovery codes once. */
async function completeSetup(browser: Browser, link: string, password: string): Promise<{ page: Page; totpSecret: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const totpSecret = ((await page.getByTestId('totp-secret').textContent()) ?? '').trim();
  expect(totpSecret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('New password again').fill(`${password}x`);
  await page.getByLabel('First code from the authenticator').fill(await totp(totpSecret));
  await page.getByRole('button', { name: 'Finish setup' }).click();
  await expect(page.getByText('The two passwords differ')).toBeVisible();
  await page.getByLabel('New password again').fill(password);
  await page.getByRole('button', { name: 'Finish setup' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes.first()).toBeVisible();
  expect(await codes.count()).toBeGreaterThanOrEqual(5);
  await expect(page.getByRole('link', { name: 'Continue to sign in' })).toHaveCount(0);
  await page.getByLabel('I saved them').check();
  await page.getByRole('link', { name: 'Continue to sign in' }).click();
  await page.waitForURL('**/admin/login');
  return { page, totpSecret };
}

async function call<T>(
  api: APIRequestContext,
  url: string,
  token: string,
  form: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await api.post(`/core${url}`, { headers: { Authorization: `Bearer ${token}`, ...headers }, form });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.result;
}

/**
 * A Telegram player (registered from inside Telegram, so linked) with 2000 CASH, a bank card, a
 * payment password and a withdrawal of 1500 CASH: above the automatic approval amount, so it waits
 * for review. (One per player: the withdrawal code may be asked once a minute.)
 */
async function playerWithWithdrawal(api: APIRequestContext) {
  await operatorOpensWithdrawals(api);
  const phone = uniquePhone();
  const telegram = { id: 850_000_000 + Math.floor(Math.random() * 1e6), username: `pia_${Date.now() % 1e6}` };
  const initData = sign(
    { user: { id: telegram.id, first_name: 'Pia', username: telegram.username, language_code: 'en' } },
    E2E_BOT_TOKEN,
    new Date(),
  );
  await api.post('/core/app/sms/sendSmsCodeNoAuth', { form: { phone, type: 'register' } });
  const registered = await api.post('/core/app/auth/register', {
    headers: { Authorization: `tma ${initData}` },
    form: { phone, password: 'secret123', confirmPassword: 'secret123', code: await smsCode(api, phone) },
  });
  const token = ((await registered.json()) as Envelope<{ token: string }>).result.token;

  const smsId = await lastSmsId(api, phone);
  await call(api, '/app/sms/sendUserCode', token, { type: 'resetAssetPwd' });
  const code = await newSmsCode(api, phone, smsId);
  await call(api, '/app/user/resetAssetPwd', token, { password: '246810', confirmPassword: '246810', code });
  const order = await call<{ orderNo: string }>(api, '/app/user/cashRecharge/recharge', token, {
    payChannelName: 'sandbox',
    amount: '2000',
  });
  await api.post(`/core/pay/sandbox/${order.orderNo}/pay`, { form: { amount: '2000', action: 'pay' }, maxRedirects: 0 });
  const card = await call<{ id: number }>(api, '/app/userBank/save', token, {
    bankName: 'HDFC Bank',
    cardNumber: '123456789012',
    holderName: 'Pia Rao',
    ifsc: 'HDFC0001234',
  });
  const before = await lastBotMessageId(api, telegram.id);
  await call(api, '/app/user/withdraw/sendCode', token, {});
  const telegramOtp = await telegramCode(api, telegram.id, before);
  const view = await call<{ orderNo: string; status: string }>(
    api,
    '/app/user/cashWithdrawal/apply',
    token,
    { amount: '1500', bankCardId: String(card.id), assetPassword: '246810', code: telegramOtp },
    { 'Idempotency-Key': unique('withdraw-') },
  );
  expect(view.status).toBe('pending_review');
  return { token, telegram, orderNo: view.orderNo };
}

/** A withdrawal's id and user id from the operators' list (as `npm run ops -- withdrawals` shows). */
async function queueRow(api: APIRequestContext, orderNo: string): Promise<{ id: number; userId: number }> {
  const response = await api.get('/core/admin/withdrawals', {
    headers: { Authorization: `Ops ${E2E_OPS_TOKEN}` },
    params: { status: 'pending_review', limit: '500' },
  });
  const rows = ((await response.json()) as Envelope<{ id: number; userId: number; orderNo: string }[]>).result;
  const row = rows.find((candidate) => candidate.orderNo === orderNo);
  expect(row, `withdrawal ${orderNo} in the queue`).toBeTruthy();
  return row as { id: number; userId: number };
}

test('owner, finance and support run the platform from the console, and the audit log names each of them', async ({
  page,
  browser,
  request,
}) => {
  // Three operators and two players through the console: 7-14 s on a fast machine, since sign-ins stopped waiting for new codes.
  test.setTimeout(120_000);
  const owner = await provisionOperator(unique('own'), 'owner');
  const financeLogin = unique('fin');
  const supportLogin = unique('sup');
  const player = await playerWithWithdrawal(request);
  const other = await playerWithWithdrawal(request);
  const firstOrder = player.orderNo;
  const secondOrder = other.orderNo;
  const first = await queueRow(request, firstOrder);
  const second = await queueRow(request, secondOrder);

  // The owner signs in (TOTP) and sees the whole navigation.
  await signIn(page, owner);
  await expect(page.getByTestId('admin-who')).toContainText('Owner');
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' })).toBeVisible();
  await openNav(page, 'Operators');
  const financeLink = await addOperator(page, financeLogin, 'Finance');
  const supportLink = await addOperator(page, supportLogin, 'Support');

  // Finance sets up its account from the link and signs in with TOTP.
  const finance = await completeSetup(browser, financeLink, 'finance-pass-1');
  const financeCreds = { login: financeLogin, password: 'finance-pass-1', totpSecret: finance.totpSecret };
  await signIn(finance.page, financeCreds);
  await expect(finance.page.getByTestId('admin-who')).toContainText('Finance');
  const financeNav = finance.page.getByRole('navigation', { name: 'Console' });
  await expect(financeNav.getByRole('link', { name: 'Operators' })).toHaveCount(0);
  await expect(financeNav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);

  // Finance opens the first withdrawal from the queue, reveals the payout details (audited) and approves it.
  await openNav(finance.page, 'Withdrawals');
  const queue = finance.page.getByRole('table', { name: 'Withdrawal queue' });
  await expect(queue).toContainText(firstOrder);
  await queue.getByRole('link', { name: firstOrder }).click();
  await expect(finance.page.getByText('Viewing payout details is recorded in the audit log under your name.')).toBeVisible();
  await finance.page.getByRole('button', { name: 'Show payout details' }).click();
  await expect(finance.page.getByRole('region', { name: 'Unmasked payout details' })).toContainText('123456789012');
  const botBefore = await lastBotMessageId(request, player.telegram.id);
  await finance.page.getByRole('button', { name: 'Approve' }).click();
  await expect(finance.page.getByRole('alertdialog')).toContainText('1500.00 CASH');
  await finance.page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  const outcome = finance.page.getByRole('status').filter({ hasText: /^(Approved\.|Your approval is recorded)/ });
  await expect(outcome).toBeVisible();
  if ((await outcome.textContent())?.startsWith('Your approval is recorded')) {
    // Above the four-eyes amount: finance cannot approve twice; the owner gives the second approval.
    await finance.page.reload();
    await expect(finance.page.getByTestId('four-eyes')).toHaveText(
      'You approved this first: a different operator must give the second approval.',
    );
    await expect(finance.page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    await page.goto(`/admin/withdrawals/${first.id}`);
    await expect(page.getByTestId('four-eyes')).toHaveText(`Awaiting a second approver: first approved by ${financeLogin}.`);
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Approved.' })).toBeVisible();
  }

  // The player sees it paid, and the bot told them.
  const mine = await request.get('/core/app/user/withdraw/list', { headers: { Authorization: `Bearer ${player.token}` } });
  const list = ((await mine.json()) as Envelope<{ content: { orderNo: string; status: string }[] }>).result.content;
  expect(list.find((row) => row.orderNo === firstOrder)?.status).toBe('paid');
  await expect
    .poll(async () => {
      const sent = (await (await request.get(`${E2E_FAKE_BOT_URL}/_fake/sent?chat_id=${player.telegram.id}`)).json()) as {
        message_id: number;
        text?: string;
      }[];
      // "Withdrawal W… approved: 1470.00 CASH is on its way."
      return sent.some((message) => message.message_id > botBefore && message.text?.includes(`${firstOrder} approved`));
    })
    .toBe(true);

  // Support: the second withdrawal is visible, but there is no Approve; the API refuses its own token with 403.
  const supportSetup = await completeSetup(browser, supportLink, 'support-pass-1');
  await signIn(supportSetup.page, { login: supportLogin, password: 'support-pass-1', totpSecret: supportSetup.totpSecret });
  await supportSetup.page.goto(`/admin/withdrawals/${second.id}`);
  await expect(supportSetup.page.getByRole('heading', { level: 1 })).toContainText(secondOrder);
  await expect(supportSetup.page.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(supportSetup.page.getByRole('button', { name: 'Reject' })).toHaveCount(0);
  await expect(supportSetup.page.getByRole('button', { name: 'Show payout details' })).toHaveCount(0);
  await openNav(supportSetup.page, 'My account');
  await supportSetup.page.getByLabel('Token name').fill('cli');
  await supportSetup.page.getByRole('button', { name: 'Create token' }).click();
  const supportToken = ((await supportSetup.page.getByTestId('new-api-token').textContent()) ?? '').trim();
  const refused = await request.post(`/core/admin/withdrawals/${second.id}/approve`, { headers: { Authorization: `Ops ${supportToken}` } });
  // Answers are envelopes (HTTP 200): the code inside says 403.
  expect(((await refused.json()) as Envelope<unknown>).code).toBe(403);

  // An adjustment finance requests waits for a second operator; finance cannot approve its own.
  await openNav(finance.page, 'Approvals');
  const request_ = finance.page.getByRole('form', { name: 'Request an adjustment' });
  await request_.getByLabel('User id').fill(String(first.userId));
  await request_.getByLabel('Coin').selectOption('CASH');
  await request_.getByLabel('Direction').selectOption({ label: 'Credit' });
  await request_.getByLabel('Amount').fill('25.00');
  // Unique to this run: the server's adjustments outlive a test (--repeat-each).
  const reason = unique('goodwill for a late payout ');
  await request_.getByLabel('Reason').fill(reason);
  await request_.getByRole('button', { name: 'Request adjustment' }).click();
  await expect(request_.getByRole('alertdialog')).toContainText('25.00 CASH');
  await request_.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(request_.getByRole('status')).toHaveText('Requested: it waits for a second operator.');
  const pendingRow = finance.page
    .getByRole('table', { name: 'Balance adjustments (Pending)' })
    .getByRole('row')
    .filter({ hasText: reason });
  await expect(pendingRow).toContainText('Waiting for a second operator');
  await expect(pendingRow.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // The owner approves it.
  await openNav(page, 'Approvals');
  const ownerRow = page.getByRole('table', { name: 'Balance adjustments (Pending)' }).getByRole('row').filter({ hasText: reason });
  await ownerRow.getByRole('button', { name: 'Approve' }).click();
  await expect(ownerRow.getByRole('alertdialog')).toContainText('25.00 CASH');
  await ownerRow.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(ownerRow).toHaveCount(0);
  await page.getByLabel('Show').selectOption('approved');
  await expect(
    page.getByRole('table', { name: 'Balance adjustments (Approved)' }).getByRole('row').filter({ hasText: reason }),
  ).toContainText(owner.login);

  // The audit log, as the owner reads it: each action under the name of who did it (filtered by operator,
  // since other tests' operator calls share the server).
  await openNav(page, 'Audit log');
  const audit = page.getByRole('table', { name: 'Operator actions, newest first' });
  const rowsBy = async (login: string) => {
    await page.getByLabel('Operator').fill(login);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(audit.getByRole('row').nth(1)).toContainText(login);
    return (action: string) => audit.getByRole('row').filter({ hasText: login }).filter({ hasText: action });
  };
  const byOwner = await rowsBy(owner.login);
  await expect(byOwner('operator.create').filter({ hasText: financeLogin })).toHaveCount(1);
  await expect(byOwner('operator.create').filter({ hasText: supportLogin })).toHaveCount(1);
  await expect(byOwner('adjustment.approve')).toHaveCount(1);
  const byFinance = await rowsBy(financeLogin);
  await expect(byFinance('withdrawal.viewPayout')).toHaveCount(1);
  await expect(byFinance('withdrawal.approve')).toHaveCount(1);
  await expect(byFinance('adjustment.request')).toHaveCount(1);
  await expect(audit.getByRole('row').filter({ hasText: owner.login }).filter({ hasText: 'adjustment' })).toHaveCount(0);
  // Support's refused approval (403) left no approval under its name.
  await page.getByLabel('Operator').fill(supportLogin);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(
    page.getByText('Nothing matches these filters.').or(audit.getByRole('row').filter({ hasText: supportLogin }).first()),
  ).toBeVisible();
  await expect(audit.getByRole('row').filter({ hasText: 'withdrawal.approve' })).toHaveCount(0);

  // On a phone the navigation folds behind Menu.
  await page.setViewportSize({ width: 375, height: 812 });
  const nav = page.getByRole('navigation', { name: 'Console' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(nav.getByRole('link', { name: 'Withdrawals' })).toBeVisible();

  // Signing out ends the session: the console asks to sign in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL('**/admin/login**');
  await page.goto('/admin/audit');
  await page.waitForURL('**/admin/login?next=%2Faudit**');
});

test('the console answers a visitor without a session with its sign-in page, accessible on a desktop and a phone', async ({ page }) => {
  const response = await page.goto('/admin/withdrawals?x=1');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.waitForURL('**/admin/login?next=%2Fwithdrawals%3Fx%3D1');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  for (const viewport of [
    { width: 1280, height: 860 },
    { width: 375, height: 812 },
  ]) {
    await page.setViewportSize(viewport);
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    const serious = result.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
