import { HttpClient } from '@prism/client';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAudit } from '../../modules/audit';
import { createTestContext, registerUser, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { nextGameSession } from '../../testing/game';
import { seedBet } from '../../testing/team';
import { findCommand, opsCommands, opsUsage } from '.';

/** The operator CLI's commands against a real server: what `npm run ops -- <words>` runs. */
let ctx: TestContext;
let http: HttpClient;
beforeAll(async () => {
  ctx = await createTestContext();
  http = new HttpClient({ baseURL: `${ctx.url}/core/`, getToken: () => `Ops ${TEST_OPS_TOKEN}` });
});
afterAll(() => ctx.close());

async function ops(line: string): Promise<unknown> {
  const found = findCommand(line.split(' '));
  if (!found) throw new Error(`no command for "${line}"`);
  return found.command.run(found.rest, http);
}

describe('npm run ops', () => {
  it('lists every command with its usage, and finds the longest matching words', () => {
    expect(opsUsage()).toContain('game room <level 1-9>');
    expect(opsUsage()).toContain('withdrawals approve <id>');
    expect(findCommand(['game', 'rooms'])?.command.words).toEqual(['game', 'rooms']);
    expect(findCommand(['game', 'room', '7'])?.rest).toEqual(['7']);
    expect(findCommand(['no-such-command'])).toBeUndefined();
    expect(new Set(opsCommands.map((c) => c.words.join(' '))).size).toBe(opsCommands.length);
  });

  it('adds a room, changes it, and lists rooms and chains', async () => {
    const room = (await ops('game room 7 --name Seven --session-seconds 120 --bet-close-seconds 10 --multiples 1,2,3 --fee-bps 150')) as {
      level: number;
      levelName: string;
      sessionSeconds: number;
      betMultipleStr: string;
    };
    expect(room).toMatchObject({ level: 7, levelName: 'Seven', sessionSeconds: 120, betMultipleStr: '1,2,3' });
    await ops('game room 7 --enable false');
    const rooms = (await ops('game rooms')) as { level: number; enableFlag: boolean; levelName: string }[];
    expect(rooms.find((r) => r.level === 7)).toMatchObject({ enableFlag: false, levelName: 'Seven' });
    expect(Array.isArray(await ops('game chains'))).toBe(true);
  });

  it('refuses a bad room with the field named', async () => {
    await expect(ops('game room 12')).rejects.toThrow(/level/);
    await expect(ops('game room 7 --multiples one,two')).rejects.toThrow(/betMultiples/);
  });

  it("says why a room's timing is refused: a length that does not divide a day, or a room that has run", async () => {
    await expect(ops('game room 8 --session-seconds 7')).rejects.toThrow(/divide a day into whole sessions/);
    await expect(ops('game room 8 --session-seconds 60 --bet-close-seconds 60')).rejects.toThrow(/close at least 1 s before/);
    await nextGameSession(ctx); // room 1 has a session now
    await expect(ops('game room 1 --session-seconds 120')).rejects.toThrow(/cannot change once it has run sessions/);
    // Anything but timing still changes on a room that has run.
    expect(await ops('game room 1 --name First')).toMatchObject({ level: 1, levelName: 'First' });
  });

  it('finds bet figures that differ from the bets and repairs them', async () => {
    const user = await registerUser(ctx);
    await seedBet(ctx.db, user.id, { total: 5_000n, payout: 9_800n, at: new Date('2026-09-02T10:00:00Z') });
    await seedBet(ctx.db, user.id, { total: 700n, at: new Date('2026-09-02T10:20:00Z'), settledAt: null });
    expect(await ops(`game figures ${user.id}`)).toEqual({ userId: user.id, mismatches: [] });
    // As an older process that bet without writing the figures would leave them.
    await ctx.db.execute(
      sql`update game_user_totals set staked_all = staked_all - 700, staked_cash = staked_cash - 700 where user_id = ${user.id}`,
    );
    await ctx.db.execute(sql`delete from game_user_quarters where user_id = ${user.id} and quarter = '2026-09-02T10:15:00Z'`);
    const found = (await ops(`game figures ${user.id}`)) as { mismatches: Record<string, unknown>[] };
    expect(found.mismatches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'total', userId: user.id, wantAll: '5700', haveAll: '5000' }),
        expect.objectContaining({
          kind: 'quarter',
          quarter: '2026-09-02T10:15:00.000Z',
          settled: false,
          wantStaked: '700',
          haveStaked: null,
        }),
      ]),
    );
    expect(found.mismatches).toHaveLength(2);
    expect(((await ops('game figures')) as { mismatches: { userId: number }[] }).mismatches.map((m) => m.userId)).toContain(user.id);
    expect(await ops(`game figures repair ${user.id}`)).toEqual({ userId: user.id, mismatches: [] });
    // Audited with the figures before (the two mismatches) and after (none).
    const [repairAudit] = (await listAudit(ctx.db, { action: 'figures.repair', targetId: String(user.id), limit: 1 })).list;
    expect(repairAudit).toMatchObject({ operatorLogin: 'test-owner', after: [] });
    expect(repairAudit?.before).toHaveLength(2);
    expect(await ops(`game figures ${user.id}`)).toEqual({ userId: user.id, mismatches: [] });
    // Two users at once: --all repairs whoever the check names.
    const other = await registerUser(ctx);
    await seedBet(ctx.db, other.id, { total: 300n, at: new Date('2026-09-03T08:00:00Z') });
    await ctx.db.execute(sql`delete from game_user_totals where user_id in (${user.id}, ${other.id})`);
    expect(await ops('game figures repair --all')).toEqual({ repaired: [user.id, other.id], remaining: 0 });
    expect(await ops('game figures')).toEqual({ userId: null, mismatches: [] });
    expect(await ops('game figures repair --all')).toEqual({ repaired: [], remaining: 0 });
    await expect(ops('game figures repair')).rejects.toThrow(/userId/);
    await expect(ops('game figures repair 999999999')).rejects.toThrow(/Not found/);
    await expect(ops('game figures repair abc')).rejects.toThrow(/userId/);
  });

  it('creates gift codes (once per user unless --repeat) and lists them', async () => {
    const once = (await ops('giftcode create --amount 2.50 --uses 5 --days 3')) as Record<string, unknown>;
    expect(once).toMatchObject({ asset: 'CASH', amount: '2.50', totalUses: 5, perUserOnce: true, createdBy: 'ops-cli' });
    const repeat = (await ops('giftcode create --repeat --asset POINT --amount 1')) as Record<string, unknown>;
    expect(repeat).toMatchObject({ asset: 'POINT', totalUses: 1, perUserOnce: false });
    const listed = (await ops('giftcode list')) as { content: { code: string }[] };
    expect(listed.content.map((c) => c.code)).toEqual([repeat.code, once.code]);
    await expect(ops('giftcode create --amount 0')).rejects.toThrow(/amount/);
  });

  it('creates and edits a power package, and lists packages', async () => {
    const created = (await ops(
      'power save --cateId 4 --cateName Ops --name Ops-7 --coin CASH --price 12 --power 12 --termDays 7 --dailyRateBps 110 --feeBps 5 --dailyLimit 2',
    )) as { id: number; price: string; dailyRate: string; enabled: boolean };
    expect(created).toMatchObject({ price: '12.00', dailyRate: '1.10%', enabled: true });
    const edited = (await ops(
      `power save --id ${created.id} --cateId 4 --cateName Ops --name Ops-7 --coin CASH --price 15 --power 12 --termDays 7 --dailyRateBps 110 --feeBps 5 --dailyLimit 2 --disable`,
    )) as { price: string; enabled: boolean };
    expect(edited).toMatchObject({ price: '15.00', enabled: false });
    const listed = (await ops('power list')) as { id: number; enabled: boolean }[];
    expect(listed.find((s) => s.id === created.id)?.enabled).toBe(false);
    await expect(
      ops(
        'power save --cateId 4 --cateName Ops --name X --coin CASH --price 0 --power 1 --termDays 1 --dailyRateBps 1 --feeBps 1 --dailyLimit 1',
      ),
    ).rejects.toThrow(/greater than zero/);
  });

  it('sends a broadcast to every user and lists it', async () => {
    const user = await registerUser(ctx);
    const args = ['broadcast', 'send', '--title', 'Hello all', '--text', 'A message for everyone.'];
    const found = findCommand(args);
    const sent = (await found?.command.run(found.rest, http)) as Record<string, unknown>;
    expect(sent).toMatchObject({ title: 'Hello all', text: 'A message for everyone.', createdBy: 'ops-cli', status: 'delivering' });
    const listed = (await ops('broadcast list')) as { content: { id: number }[] };
    expect(listed.content[0]?.id).toBe(sent.id);
    const inbox = await ctx.api.get<{ content: { title: string }[] }>('/app/sysMessage/findUserMsgList', {}, { token: user.token });
    expect(inbox.result.content.map((m) => m.title)).toEqual(['Hello all']);
    await expect(ops('broadcast send --title x')).rejects.toThrow();
  });

  it('lists levels, adds a level and a task, changes and disables the task', async () => {
    const levels = (await ops('levels list')) as { name: string; promotion: boolean }[];
    expect(levels.map((l) => l.name)).toEqual(['V0', 'V1', 'V2', 'VU', 'V4', 'V5']);
    expect(levels.find((l) => l.name === 'VU')?.promotion).toBe(true);
    expect(await ops('levels set --level 6 --name V6 --promotion')).toMatchObject({ level: 6, name: 'V6', promotion: true });
    const task = (await ops('levels task --level 6 --kind recharge --target 50000 --reward 100')) as { id: number };
    expect(task).toMatchObject({ level: 6, kind: 'recharge', target: '50000.00', reward: '100.00', enabled: true });
    expect(await ops(`levels task --id ${task.id} --reward 150 --disable`)).toMatchObject({ reward: '150.00', enabled: false });
    await expect(ops('levels task --level 6 --kind invite --target 2.5 --reward 1')).rejects.toThrow(/target/);
  });

  it('lists withdrawals and settings', async () => {
    expect(Array.isArray(await ops('withdrawals list'))).toBe(true);
    expect(await ops('config list')).toBeTruthy();
  });

  it('presses Start in the sandbox: a browser user links Telegram without a bot', async () => {
    const user = await registerUser(ctx);
    const link = await ctx.api.post<{ payload: string }>('/app/user/telegram/linkToken', {}, { token: user.token });
    const reply = (await ops(`telegram start ${link.result.payload} --id 820000001 --username cli_carl`)) as { text: string };
    expect(reply.text).toContain('now linked');
    const info = await ctx.api.get<{ telegramUsername: string }>('/app/user/getUserInfo', {}, { token: user.token });
    expect(info.result.telegramUsername).toBe('cli_carl');
  });
});
