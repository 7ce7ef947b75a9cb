import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorInApp, createTestContext, TEST_BREAK_GLASS_TOKEN, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { auditLog } from '../audit/schema';
import { totpCode } from './secrets';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const asOwner = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const asBreakGlass = { headers: { Authorization: `Ops ${TEST_BREAK_GLASS_TOKEN}` } };
const PASSWORD = 'a long enough passphrase';

/** POST auth/login; the answer and the cookies it set (as a browser would send them back). */
async function login(form: Record<string, string>, address = '10.0.0.1') {
  const response = await ctx.api.fetch('/admin/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address },
    body: new URLSearchParams(form),
  });
  const setCookies = response.headers.getSetCookie();
  const cookies = setCookies.map((c) => c.split(';')[0] as string);
  const csrf = cookies.find((c) => c.startsWith('prism_ops_csrf='))?.split('=')[1] ?? '';
  const envelope = (await response.json()) as {
    code: number;
    message: string;
    result: { operator: { role: string; permissions: string[] } };
  };
  return { envelope, setCookies, console: { Cookie: cookies.join('; '), 'X-CSRF-Token': csrf } };
}

/** Creates an operator as the owner and completes its setup link; returns what signing in needs. */
async function setUp(role: string, loginName: string) {
  const created = await ctx.api.post<{ id: number; setupUrl: string }>('/admin/operators', { login: loginName, role }, asOwner);
  expect(created.code, created.message).toBe(200);
  expect(created.result.setupUrl).toMatch(/^http:\/\/prism\.test\/admin\/setup\/[\w-]{40,}$/);
  const token = created.result.setupUrl.split('/').pop() as string;
  const info = await ctx.api.get<{ login: string; role: string; otpauthUrl: string; secret: string }>('/admin/auth/setup', { token });
  expect(info.result).toMatchObject({ login: loginName, role });
  expect(info.result.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Prism:.*algorithm=SHA1&digits=6&period=30/);
  const done = await ctx.api.post<{ recoveryCodes: string[] }>('/admin/auth/setup', {
    token,
    password: PASSWORD,
    code: totpCode(info.result.secret, ctx.clock.now()),
  });
  expect(done.code, done.message).toBe(200);
  expect(done.result.recoveryCodes).toHaveLength(10);
  // One use: the link is spent.
  expect((await ctx.api.get('/admin/auth/setup', { token })).code).toBe(25003);
  return { id: created.result.id, secret: info.result.secret, recoveryCodes: done.result.recoveryCodes };
}

describe('operator accounts', () => {
  it('setup link, then sign-in with password and TOTP; the same code is never accepted twice; recovery codes once each', async () => {
    const finance = await setUp('finance', 'fiona');
    // The setup spent the current step: the same code again is refused.
    const same = await login({ login: 'fiona', password: PASSWORD, code: totpCode(finance.secret, ctx.clock.now()) });
    expect(same.envelope.code).toBe(25001);
    ctx.clock.advance(30_000);
    const signed = await login({ login: 'fiona', password: PASSWORD, code: totpCode(finance.secret, ctx.clock.now()) });
    expect(signed.envelope.code, signed.envelope.message).toBe(200);
    expect(signed.envelope.result.operator.role).toBe('finance');
    expect(signed.envelope.result.operator.permissions).toContain('withdrawals.review');
    expect(signed.setCookies.find((c) => c.startsWith('prism_ops_session='))).toMatch(/HttpOnly; SameSite=Strict/i);
    expect(signed.setCookies.find((c) => c.startsWith('prism_ops_session='))).toMatch(/Path=\/core\/admin/);
    const me = await ctx.api.get<{ login: string; via: string }>('/admin/auth/me', {}, { headers: signed.console });
    expect(me.result).toMatchObject({ login: 'fiona', via: 'console' });

    const code = finance.recoveryCodes[0] as string;
    expect((await login({ login: 'fiona', password: PASSWORD, code: code.toUpperCase() })).envelope.code).toBe(200);
    expect((await login({ login: 'fiona', password: PASSWORD, code })).envelope.code).toBe(25001);
    expect((await login({ login: 'fiona', password: 'wrong password!', code: finance.recoveryCodes[1] as string })).envelope.code).toBe(
      25001,
    );
  });

  it('a wrong TOTP code at setup is refused and the link stays usable', async () => {
    const created = await ctx.api.post<{ setupUrl: string }>('/admin/operators', { login: 'gus', role: 'games' }, asOwner);
    const token = created.result.setupUrl.split('/').pop() as string;
    const bad = await ctx.api.post('/admin/auth/setup', { token, password: PASSWORD, code: '000000' });
    expect(bad.code).toBe(25004);
    expect((await ctx.api.get('/admin/auth/setup', { token })).code).toBe(200);
    ctx.clock.advance(24 * 3_600_000 + 1);
    expect((await ctx.api.get('/admin/auth/setup', { token })).code).toBe(25003);
  });

  it('console calls need the CSRF header: without it or with a wrong one 403 and nothing changes', async () => {
    const owner = await createOperatorInApp(ctx, 'owner');
    const create = (headers: Record<string, string>, loginName: string) =>
      ctx.api.post('/admin/operators', { login: loginName, role: 'support' }, { headers });
    expect((await create({ Cookie: owner.cookie }, 'csrf-a')).code).toBe(403);
    expect((await create({ Cookie: owner.cookie, 'X-CSRF-Token': 'forged' }, 'csrf-b')).code).toBe(403);
    const list = await ctx.api.get<{ login: string }[]>('/admin/operators', {}, asOwner);
    expect(list.result.map((o) => o.login)).not.toContain('csrf-a');
    expect(list.result.map((o) => o.login)).not.toContain('csrf-b');
    expect((await create(owner.console, 'csrf-c')).code).toBe(200);
  });

  it('sessions end after 30 minutes idle or 12 hours in all, and a revoked session is refused', async () => {
    const owner = await createOperatorInApp(ctx, 'owner');
    const me = () => ctx.api.get('/admin/auth/me', {}, { headers: owner.console });
    ctx.clock.advance(29 * 60_000);
    expect((await me()).code).toBe(200);
    ctx.clock.advance(29 * 60_000);
    expect((await me()).code).toBe(200);
    ctx.clock.advance(31 * 60_000);
    expect((await me()).code).toBe(401);

    // Used every 20 minutes, a session still ends 12 hours after it opened.
    const busy = await createOperatorInApp(ctx, 'games');
    const opened = ctx.clock.now().getTime();
    while (ctx.clock.now().getTime() - opened < 12 * 3_600_000 - 20 * 60_000) {
      ctx.clock.advance(20 * 60_000);
      expect((await ctx.api.get('/admin/auth/me', {}, { headers: busy.console })).code).toBe(200);
    }
    ctx.clock.advance(20 * 60_000 + 1);
    expect((await ctx.api.get('/admin/auth/me', {}, { headers: busy.console })).code).toBe(401);

    const other = await createOperatorInApp(ctx, 'support');
    const sessions = await ctx.api.get<{ id: number; current: boolean }[]>('/admin/auth/sessions', {}, { headers: other.console });
    expect(sessions.result).toHaveLength(1);
    expect(sessions.result[0]?.current).toBe(true);
    // Another operator cannot revoke it.
    expect((await ctx.api.post(`/admin/auth/sessions/${sessions.result[0]?.id}/revoke`, {}, asOwner)).code).toBe(404);
    expect((await ctx.api.post(`/admin/auth/sessions/${sessions.result[0]?.id}/revoke`, {}, { headers: other.console })).code).toBe(200);
    expect((await ctx.api.get('/admin/auth/me', {}, { headers: other.console })).code).toBe(401);
  });

  it('sign-in is throttled per (operator, address) with a clear wait, and other addresses are not', async () => {
    const support = await setUp('support', 'sam');
    // Four wrong answers are free; the fifth starts a 30 s wait.
    for (let i = 0; i < 4; i++)
      expect((await login({ login: 'sam', password: 'nope nope nope', code: '123456' }, '10.9.9.9')).envelope.code).toBe(25001);
    const waiting = await login({ login: 'sam', password: 'nope nope nope', code: '123456' }, '10.9.9.9');
    expect(waiting.envelope.code).toBe(25002);
    expect(waiting.envelope.message).toMatch(/try again in \d+ seconds/);
    ctx.clock.advance(10_000);
    // Even the right credentials wait from that address; another address signs in.
    const right = await login({ login: 'sam', password: PASSWORD, code: totpCode(support.secret, ctx.clock.now()) }, '10.9.9.9');
    expect(right.envelope.code).toBe(25002);
    ctx.clock.advance(30_000);
    const elsewhere = await login({ login: 'sam', password: PASSWORD, code: totpCode(support.secret, ctx.clock.now()) }, '10.8.8.8');
    expect(elsewhere.envelope.code, elsewhere.envelope.message).toBe(200);
  });

  it('disabling an operator stops their sessions and tokens at once; the last owner cannot be disabled', async () => {
    const content = await createOperatorInApp(ctx, 'content');
    expect((await ctx.api.get('/admin/auth/me', {}, { headers: { Authorization: `Ops ${content.apiToken}` } })).code).toBe(200);
    const disabled = await ctx.api.post(`/admin/operators/${content.id}`, { status: 'disabled' }, asOwner);
    expect(disabled.code, disabled.message).toBe(200);
    expect((await ctx.api.get('/admin/auth/me', {}, { headers: { Authorization: `Ops ${content.apiToken}` } })).code).toBe(401);
    expect((await ctx.api.get('/admin/auth/me', {}, { headers: content.console })).code).toBe(401);
    // Re-enabled, the revoked credentials stay revoked.
    expect((await ctx.api.post(`/admin/operators/${content.id}`, { status: 'active' }, asOwner)).code).toBe(200);
    expect((await ctx.api.get('/admin/auth/me', {}, { headers: { Authorization: `Ops ${content.apiToken}` } })).code).toBe(401);
    // Nobody changes their own account here.
    const me = await ctx.api.get<{ id: number }>('/admin/auth/me', {}, asOwner);
    expect((await ctx.api.post(`/admin/operators/${me.result.id}`, { status: 'disabled' }, asOwner)).code).toBe(25009);
  });

  it('an operator who lost their authenticator is reset by another: old password, codes and sessions end, a new link enrols again', async () => {
    const lost = await setUp('support', 'lola');
    ctx.clock.advance(30_000);
    const before = await login({ login: 'lola', password: PASSWORD, code: totpCode(lost.secret, ctx.clock.now()) });
    expect(before.envelope.code).toBe(200);
    const me = await ctx.api.get<{ id: number }>('/admin/auth/me', {}, asOwner);
    expect((await ctx.api.post(`/admin/operators/${me.result.id}/resetSetup`, {}, asOwner)).code).toBe(25009);
    const reset = await ctx.api.post<{ setupUrl: string }>(`/admin/operators/${lost.id}/resetSetup`, {}, asOwner);
    expect(reset.code, reset.message).toBe(200);
    // Nothing of the old sign-in works: the session, the password with a recovery code, the old secret.
    expect((await ctx.api.get('/admin/auth/me', {}, { headers: before.console })).code).toBe(401);
    expect((await login({ login: 'lola', password: PASSWORD, code: lost.recoveryCodes[0] as string })).envelope.code).toBe(25001);
    const token = reset.result.setupUrl.split('/').pop() as string;
    const info = await ctx.api.get<{ secret: string }>('/admin/auth/setup', { token });
    expect(info.result.secret).not.toBe(lost.secret);
    const done = await ctx.api.post('/admin/auth/setup', {
      token,
      password: `${PASSWORD} 2`,
      code: totpCode(info.result.secret, ctx.clock.now()),
    });
    expect(done.code, done.message).toBe(200);
    ctx.clock.advance(30_000);
    const after = await login({ login: 'lola', password: `${PASSWORD} 2`, code: totpCode(info.result.secret, ctx.clock.now()) });
    expect(after.envelope.code).toBe(200);
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'operator.resetSetup'));
    expect(row).toMatchObject({ operatorLogin: 'test-owner', targetId: String(lost.id) });
  });

  it('personal API tokens: created once, listed without the secret, revoked', async () => {
    const games = await createOperatorInApp(ctx, 'games');
    const made = await ctx.api.post<{ id: number; token: string }>(
      '/admin/auth/tokens',
      { name: 'cli@laptop' },
      { headers: games.console },
    );
    expect(made.result.token).toMatch(/^pat_/);
    const asToken = { headers: { Authorization: `Ops ${made.result.token}` } };
    const me = await ctx.api.get<{ via: string; role: string }>('/admin/auth/me', {}, asToken);
    expect(me.result).toMatchObject({ via: 'cli', role: 'games' });
    const listed = await ctx.api.get<{ id: number; name: string }[]>('/admin/auth/tokens', {}, asToken);
    expect(JSON.stringify(listed.result)).not.toContain(made.result.token);
    expect((await ctx.api.post(`/admin/auth/tokens/${made.result.id}/revoke`, {}, asOwner)).code).toBe(404);
    expect((await ctx.api.post(`/admin/auth/tokens/${made.result.id}/revoke`, {}, asToken)).code).toBe(200);
    expect((await ctx.api.get('/admin/auth/me', {}, asToken)).code).toBe(401);
  });

  it('the break-glass token only bootstraps an owner, and only while no active owner exists', async () => {
    expect((await ctx.api.get('/admin/config', {}, asBreakGlass)).code).toBe(403);
    expect((await ctx.api.get('/admin/auth/me', {}, asBreakGlass)).code).toBe(403);
    expect((await ctx.api.post('/admin/operators/bootstrap', { login: 'root' }, asBreakGlass)).code).toBe(25007);
    expect((await ctx.api.post('/admin/operators/bootstrap', { login: 'root' }, asOwner)).code).toBe(403);
    expect((await ctx.api.post('/admin/operators/bootstrap', { login: 'root' })).code).toBe(401);
  });

  it('writes audit rows for sign-in, failures (unknown logins too), creation, role changes and revocations', async () => {
    await login({ login: 'nobody-here', password: 'whatever at all', code: '123456' });
    const rows = await ctx.db.select().from(auditLog);
    const actions = new Set(rows.map((r) => r.action));
    for (const action of [
      'operator.create',
      'operator.setup',
      'operator.signIn',
      'operator.signInFailed',
      'operator.disable',
      'operator.enable',
      'session.revoke',
      'token.create',
      'token.revoke',
    ])
      expect(actions, action).toContain(action);
    const unknown = rows.find((r) => r.action === 'operator.signInFailed' && r.operatorId === 0);
    expect(unknown?.after).toMatchObject({ login: 'nobody-here' });
  });
});
