import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  createOperatorInApp,
  createTestContext,
  fundUser,
  registerUser,
  registerWithdrawer,
  type TestContext,
  type TestUser,
} from '../../testing';
import { asOperator } from '../../testing/recharge';

let ctx: TestContext;
let user: TestUser;
let invitee: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  user = await registerUser(ctx);
  await fundUser(ctx, user.id, 'CASH', 12_345n);
  invitee = await registerUser(ctx, { invitationCode: user.invitation });
  await registerUser(ctx, { invitationCode: invitee.invitation });
});
afterAll(() => ctx.close());

const audits = async (action: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from audit_log where action = ${action} and target_id = ${String(user.id)}`,
    )
  )[0]?.n ?? 0;

describe('users admin API', () => {
  it('finds a user by id, phone and invitation code', async () => {
    const detail = await ctx.api.get<{ user: { invitationCode: string } }>(`/admin/users/${user.id}`, {}, asOperator);
    expect(detail.code, detail.message).toBe(200);
    for (const q of [String(user.id), user.phone, detail.result.user.invitationCode]) {
      const found = await ctx.api.get<{ id: number }[]>('/admin/users/search', { q }, asOperator);
      expect(found.code).toBe(200);
      expect(found.result.map((u) => u.id)).toContain(user.id);
    }
    const linked = await registerWithdrawer(ctx, { username: 'Support_Finds_Me' });
    const byName = await ctx.api.get<{ id: number; telegramUsername: string }[]>(
      '/admin/users/search',
      { q: '@support_finds_me' },
      asOperator,
    );
    expect(byName.result).toMatchObject([{ id: linked.id, telegramUsername: 'Support_Finds_Me' }]);
    expect((await ctx.api.get<unknown[]>('/admin/users/search', { q: 'nobody-at-all' }, asOperator)).result).toEqual([]);
    expect((await ctx.api.get('/admin/users/search', { q: ' ' }, asOperator)).message).toBe('q: Invalid value');
  });

  it('shows a user: balances, protection, Telegram, sessions, team tiers; their ledger and bets', async () => {
    const { result, code } = await ctx.api.get<{
      balances: { coin: string; balance: string }[];
      telegram: { linked: boolean };
      sessions: unknown[];
      team: Record<string, { count: number; first: unknown[] }>;
      protection: unknown;
      user: Record<string, unknown>;
    }>(`/admin/users/${user.id}`, {}, asOperator);
    expect(code).toBe(200);
    expect(result.balances).toContainEqual({ coin: 'CASH', balance: '123.45' });
    expect(result.telegram.linked).toBe(false);
    expect(result.sessions.length).toBeGreaterThan(0);
    expect(result.team.tier1?.count).toBe(1);
    expect(result.team.tier1?.first).toMatchObject([{ id: invitee.id }]);
    expect(result.team.tier2?.count).toBe(1);
    expect(result.team.tier3).toEqual({ count: 0, first: [] });
    expect(result.protection).toBeTruthy();
    expect(result.user).not.toHaveProperty('passwordHash');
    const ledger = await ctx.api.get<{ list: { amount: string; type: string }[]; next: number | null }>(
      `/admin/users/${user.id}/ledger`,
      { limit: '10' },
      asOperator,
    );
    expect(ledger.result.list[0]).toMatchObject({ amount: '123.45', type: 'recharge' });
    const bets = await ctx.api.get<{ list: unknown[]; next: number | null }>(`/admin/users/${user.id}/bets`, {}, asOperator);
    expect(bets.result).toEqual({ list: [], next: null });
    expect((await ctx.api.get(`/admin/users/${user.id}/ledger`, { limit: '0' }, asOperator)).code).toBe(400);
  });

  it('disables and enables a user with audit rows; signs them out everywhere', async () => {
    const disabled = await ctx.api.post(`/admin/users/${user.id}/status`, { status: 'disable' }, asOperator);
    expect(disabled).toMatchObject({ code: 200, result: { id: user.id, userStatus: 0 } });
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).not.toBe(200);
    expect((await ctx.api.post(`/admin/users/${user.id}/status`, { status: 'enable' }, asOperator)).code).toBe(200);
    expect(await audits('user.disable')).toBe(1);
    expect(await audits('user.enable')).toBe(1);

    const again = await registerUser(ctx);
    const out = await ctx.api.post(`/admin/users/${again.id}/signOut`, {}, asOperator);
    expect(out.code, out.message).toBe(200);
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: again.token })).code).not.toBe(200);
  });

  it('sends a message the user reads, audited', async () => {
    const sent = await ctx.api.post(`/admin/users/${user.id}/message`, { title: 'Hello', content: 'Your account is fine.' }, asOperator);
    expect(sent.code, sent.message).toBe(200);
    const [row] = await queryRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from sys_messages where user_id = ${user.id} and kind = 'broadcast'`,
    );
    expect(row?.n).toBe(1);
    expect(await audits('user.message')).toBe(1);
  });

  it('refuses bad input and unknown users with nothing changed, and callers without the permission', async () => {
    const before = await audits('user.disable');
    expect((await ctx.api.post(`/admin/users/${user.id}/status`, { status: 'maybe' }, asOperator)).message).toBe('status: Invalid value');
    expect((await ctx.api.post(`/admin/users/${user.id}/message`, { title: '', content: 'x' }, asOperator)).message).toBe(
      'title: Invalid value',
    );
    expect(await audits('user.disable')).toBe(before);
    for (const [method, path] of [
      ['get', '/admin/users/999999'],
      ['get', '/admin/users/999999/ledger'],
      ['get', '/admin/users/999999/bets'],
      ['post', '/admin/users/999999/status'],
      ['post', '/admin/users/999999/signOut'],
      ['post', '/admin/users/999999/message'],
    ] as const) {
      const body = { status: 'disable', title: 't', content: 'c' };
      const answer = method === 'get' ? await ctx.api.get(path, {}, asOperator) : await ctx.api.post(path, body, asOperator);
      expect(answer.code, path).toBe(404);
    }
    expect((await ctx.api.get('/admin/users/abc', {}, asOperator)).code).toBe(400);
    expect((await ctx.api.get(`/admin/users/${user.id}`, {}, { token: user.token })).code).toBe(401);
    // The games role has no business with users: 403.
    const games = { headers: { Authorization: `Ops ${(await createOperatorInApp(ctx, 'games')).apiToken}` } };
    expect((await ctx.api.get(`/admin/users/${user.id}`, {}, games)).code).toBe(403);
  });
});
