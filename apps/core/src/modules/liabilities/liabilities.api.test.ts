import {
  buildSumTree,
  bytesToHex,
  LIABILITY_LINES,
  type LiabilitiesHistoryItem,
  type LiabilitiesSnapshotView,
  leafNode,
  type MyLiabilityProof,
  type Paged,
  rootOf,
  type SumNode,
  userCommitment,
  userSalt,
  verifyLiabilityProof,
} from '@prism/domain';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import {
  bindBankCard,
  createTestContext,
  freshWithdrawCode,
  fundUser,
  moneySnapshot,
  registerUser,
  registerWithdrawer,
  TEST_OPS_TOKEN,
  type TestContext,
  type TestUser,
} from '../../testing';
import { LIABILITY_PROOFS_KEPT } from './build';
import { liabilityLeaves, liabilitySnapshots } from './schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
  await ctx.services.config.set('PLATFORM_TIME_ZONE', 'UTC');
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const latest = async () => (await ctx.api.get<LiabilitiesSnapshotView | null>('/app/public/liabilities')).result;
const proofOf = (user: TestUser, query: Record<string, string> = {}) =>
  ctx.api.get<MyLiabilityProof>('/app/user/liabilities/proof', query, { token: user.token });
const snapshotNow = async () => {
  const taken = await ctx.api.post<{ id: number; players: number; root: string }>('/admin/liabilities/snapshot', {}, asOperator);
  expect(taken.code, taken.message).toBe(200);
  return taken.result;
};

/** What the ledger says the players hold, per asset (the snapshot must say the same). */
async function ledgerTotals(): Promise<Record<string, string>> {
  const rows = await queryRows<{ asset: string; total: string }>(
    ctx.db,
    sql`select asset, sum(balance)::text as total from ledger_accounts where user_id is not null group by asset`,
  );
  return Object.fromEntries(rows.map((r) => [r.asset, r.total]));
}

let alice: Awaited<ReturnType<typeof registerWithdrawer>>;
let bob: TestUser;

describe('before the first snapshot', () => {
  it('the public view is empty and a proof says there is no snapshot yet', async () => {
    expect(await latest()).toBeNull();
    bob = await registerUser(ctx);
    expect((await proofOf(bob)).result).toEqual({ proof: null, reason: 'noSnapshot' });
    expect((await ctx.api.get<Paged<LiabilitiesHistoryItem>>('/app/public/liabilities/history')).result.content).toEqual([]);
  });
});

describe('a snapshot', () => {
  it('totals equal the ledger (balances and pending withdrawals), the ledger check passes, the root is a rebuild of the leaves', async () => {
    ctx.clock.set('2026-11-10T10:00:00Z');
    alice = await registerWithdrawer(ctx);
    await fundUser(ctx, alice.id, 'CASH', 500_000n);
    await fundUser(ctx, alice.id, 'CHIP', 12_345n);
    await fundUser(ctx, bob.id, 'CASH', 1_001n);
    const bankCardId = String(await bindBankCard(ctx, alice, '1234 5678 9012'));
    const code = await freshWithdrawCode(ctx, alice);
    const applied = await ctx.api.post<{ status: string }>(
      '/app/user/cashWithdrawal/apply',
      { amount: '2500.50', bankCardId, assetPassword: alice.assetPassword, code },
      { token: alice.token },
    );
    expect(applied.result.status).toBe('pending_review');

    const money = await moneySnapshot(ctx);
    const taken = await snapshotNow();
    expect(await moneySnapshot(ctx)).toBe(money);
    const view = (await latest()) as LiabilitiesSnapshotView;
    expect(view.id).toBe(taken.id);
    const audit = await ctx.api.get<{ list: { targetId: string; after: unknown }[] }>(
      '/admin/audit',
      { action: 'liabilities.snapshot', targetType: 'liabilitiesSnapshot' },
      asOperator,
    );
    expect(audit.result.list.map((row) => row.targetId)).toContain(String(taken.id));
    expect(view.root).toBe(taken.root);
    const totals = await ledgerTotals();
    for (const coin of view.coins) expect(coin.owed.replace('.', '').replace(/^0+(?=\d)/, ''), coin.coin).toBe(totals[coin.coin] ?? '0');
    expect(view.coins.find((c) => c.coin === 'CASH')?.inFlight).toBe('2500.50');
    expect(view.coins.find((c) => c.coin === 'USDT')?.inFlight).toBe('0.00');
    expect(view.ledgerCheck).toMatchObject({ ok: true, mismatches: 0, negativeUsers: 0, strandedBets: 0, inFlightAgrees: true });
    expect(view.lines).toEqual(LIABILITY_LINES);

    // Rebuild the tree from the stored leaves and the snapshot's secret: the same root.
    const [row] = await ctx.db.select().from(liabilitySnapshots).where(eq(liabilitySnapshots.id, taken.id));
    const leaves = await ctx.db
      .select()
      .from(liabilityLeaves)
      .where(eq(liabilityLeaves.snapshotId, taken.id))
      .orderBy(asc(liabilityLeaves.position));
    const secret = row?.secret as Uint8Array;
    const nodes: SumNode[] = leaves.map((l) =>
      leafNode(userCommitment(userSalt(secret, l.userId), l.userId), l.amounts.split(',').map(BigInt)),
    );
    expect(bytesToHex(rootOf(buildSumTree(nodes), LIABILITY_LINES.length).hash)).toBe(view.root);
    expect(leaves.length).toBe(view.players);
  });

  it("a player's proof verifies, carries their own amounts and reaches the published root", async () => {
    const view = (await latest()) as LiabilitiesSnapshotView;
    const answer = await proofOf(alice);
    expect(answer.code).toBe(200);
    const proof = answer.result.proof;
    expect(proof?.userId).toBe(alice.id);
    expect(proof?.root).toEqual({ hash: view.root, sums: view.rootSums });
    const line = (name: string) => proof?.amounts[LIABILITY_LINES.indexOf(name as (typeof LIABILITY_LINES)[number])];
    expect(line('balance:CASH')).toBe(String(500_000n - 250_050n));
    expect(line('inFlight:CASH')).toBe('250050');
    expect(line('balance:CHIP')).toBe('12345');
    expect(verifyLiabilityProof(JSON.parse(JSON.stringify(proof))).ok).toBe(true);
  });

  it('IDOR: a player gets only their own proof, whatever they ask for; without a session, nothing', async () => {
    const mine = await proofOf(alice);
    const asked = await proofOf(bob, { userId: String(alice.id) });
    expect(asked.code).toBe(200);
    expect(asked.result.proof?.userId).toBe(bob.id);
    expect(asked.result.proof?.salt).not.toBe(mine.result.proof?.salt);
    expect(JSON.stringify(asked.result)).not.toContain(mine.result.proof?.salt as string);
    expect(asked.result.proof?.amounts).not.toEqual(mine.result.proof?.amounts);
    expect((await ctx.api.get('/app/user/liabilities/proof')).code).toBe(401);
    // A player cannot take snapshots.
    expect((await ctx.api.post('/admin/liabilities/snapshot', {}, { token: bob.token })).code).not.toBe(200);
  });

  it('a player without any account is not included, and says so', async () => {
    const newcomer = await registerUser(ctx);
    const answer = await proofOf(newcomer);
    if (answer.result.proof) expect(answer.result.proof.amounts.every((a) => a === '0')).toBe(true);
    else expect(answer.result.reason).toBe('notIncluded');
  });

  it('bad input is a clear error, an unknown snapshot is 26401', async () => {
    expect((await proofOf(bob, { snapshotId: 'x' })).code).toBe(400);
    expect((await proofOf(bob, { snapshotId: '999999' })).code).toBe(26401);
    expect((await ctx.api.get('/app/public/liabilities/history', { pageSize: '1000' })).code).toBe(400);
  });
});

describe('the daily snapshot', () => {
  it('is taken once per platform day whoever runs it, and a missed day is taken at the next turn', async () => {
    ctx.clock.set('2026-11-11T00:30:00Z');
    const first = await ctx.services.liabilities.takeDaily('UTC');
    expect(first).not.toBeNull();
    expect(await ctx.services.liabilities.takeDaily('UTC')).toBeNull();
    // Down for two days: the first turn after takes today's.
    ctx.clock.set('2026-11-14T08:00:00Z');
    const caughtUp = await ctx.services.liabilities.takeDaily('UTC');
    expect(caughtUp).not.toBeNull();
    const days = await ctx.db
      .select({ day: liabilitySnapshots.day })
      .from(liabilitySnapshots)
      .where(sql`${liabilitySnapshots.day} is not null`);
    expect(days.map((d) => d.day).sort()).toEqual(['2026-11-11', '2026-11-14']);
    expect((await latest())?.id).toBe(caughtUp?.id);
  });

  it(`keeps every snapshot's root, and the proofs of the newest ${LIABILITY_PROOFS_KEPT}`, async () => {
    const [first] = await ctx.db.select().from(liabilitySnapshots).orderBy(asc(liabilitySnapshots.id)).limit(1);
    for (let i = 0; i < LIABILITY_PROOFS_KEPT; i++) await ctx.services.liabilities.takeNow();
    expect((await proofOf(alice, { snapshotId: String(first?.id) })).code).toBe(26402);
    const history = await ctx.api.get<Paged<LiabilitiesHistoryItem>>('/app/public/liabilities/history', { pageNo: '1', pageSize: '100' });
    expect(history.result.totalElements).toBe(LIABILITY_PROOFS_KEPT + 3);
    expect(history.result.content.filter((h) => h.proofsKept)).toHaveLength(LIABILITY_PROOFS_KEPT);
    expect(history.result.content.at(-1)).toMatchObject({ id: first?.id, root: first?.root, proofsKept: false });
    expect((await proofOf(alice)).result.proof?.userId).toBe(alice.id);
  });
});
