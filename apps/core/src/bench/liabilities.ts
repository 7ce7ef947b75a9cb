import { createHash } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { encodeSums, LIABILITY_LINES } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { checkLedgerAndBets } from '../ledgerCheck';
import { buildLiabilityTree, type PlayerAmounts, takeSnapshot } from '../modules/liabilities';
import { systemClock } from '../platform/clock';
import { cryptoRandom } from '../platform/random';
import { freshDatabase, lcg, machine } from './support';

/**
 * `npm run bench -- liabilities`: the proof of liabilities for BENCH_LIABILITY_USERS players (100,000).
 * 1. The Merkle sum tree in memory (salts, commitments, leaves, parents, the shuffle) next to the
 *    strongest baseline of the same work: the same number of SHA-256 calls over preimages of the same
 *    sizes, prepared beforehand, in a tight loop (@noble/hashes, which the tree uses, and node:crypto).
 * 2. The whole snapshot on PostgreSQL (ledger check, the walk over every balance, tree, store), next
 *    to one bare select of every user balance.
 */
const USERS = Number(process.env.BENCH_LIABILITY_USERS ?? 100_000);
const LINES = LIABILITY_LINES.length;

function players(count: number): PlayerAmounts[] {
  const random = lcg(11);
  return Array.from({ length: count }, (_, i) => ({
    userId: i + 1,
    amounts: LIABILITY_LINES.map((_, line) => (line < 2 || random(10) === 0 ? BigInt(random(100_000_000)) : 0n)),
  }));
}

function time(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** The same hash calls as the tree (per leaf: HMAC = 2 inner + 2 outer blocks counted as 2 hashes, commitment, leaf; per parent: 1) over same-sized inputs. */
function bareInputs(count: number): Uint8Array[] {
  const sums = encodeSums(Array.from({ length: LINES }, () => 1n));
  const salt = new Uint8Array(64 + 8);
  const commitment = new Uint8Array(26 + 32 + 6);
  const leaf = new Uint8Array(26 + 32 + sums.length);
  const parent = new Uint8Array(26 + 2 * (32 + sums.length));
  const inputs: Uint8Array[] = [];
  for (let i = 0; i < count; i++) inputs.push(salt, salt, commitment, leaf);
  for (let i = 1; i < count; i++) inputs.push(parent);
  return inputs;
}

function inMemory() {
  const list = players(USERS);
  buildLiabilityTree(players(1000), cryptoRandom); // warm up
  const ours = time(() => buildLiabilityTree(list, cryptoRandom));
  const inputs = bareInputs(USERS);
  const noble = time(() => {
    for (const input of inputs) sha256(input);
  });
  const native = time(() => {
    for (const input of inputs) createHash('sha256').update(input).digest();
  });
  console.log(`tree for ${USERS} players x ${LINES} lines: ${ours.toFixed(0)} ms (${((ours * 1000) / USERS).toFixed(1)} µs a player)`);
  console.log(
    `  bare SHA-256 of ${inputs.length} same-sized inputs: @noble/hashes ${noble.toFixed(0)} ms, node:crypto ${native.toFixed(0)} ms`,
  );
  console.log(`  ours / bare noble: ${(ours / noble).toFixed(2)}x`);
}

/**
 * `count` players each holding CASH and CHIP, written set-based (users, accounts, one reward transfer
 * per account, the rewards account debited): the ledger check holds, and seeding takes seconds, not
 * the minutes of one ledger transfer at a time.
 */
async function seedPlayers(db: Database, count: number): Promise<void> {
  await db.execute(
    sql`insert into users (phone, area_code, password_hash, invitation_code) select lpad(g::text, 10, '0'), '91', 'x', 'L' || g from generate_series(1, ${count}) g`,
  );
  await db.execute(sql`insert into ledger_accounts (asset, user_id, balance)
    select c.asset, u.id, (u.id % 997 + 1) * 100 from users u cross join (values ('CASH'), ('CHIP')) c(asset)`);
  for (const asset of ['CASH', 'CHIP']) {
    await db.execute(sql`insert into ledger_accounts (asset, system_name, shard, balance) values (${asset}, 'rewards', 0, 0)
      on conflict do nothing`);
    await db.execute(sql`insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at)
      select a.asset, r.id, a.id, a.balance, 'reward', 'bench-liabilities:' || a.id, now()
        from ledger_accounts a, (select id from ledger_accounts where system_name = 'rewards' and asset = ${asset} and shard = 0) r
       where a.user_id is not null and a.asset = ${asset}`);
    await db.execute(sql`update ledger_accounts set balance = balance - (select sum(balance) from ledger_accounts where user_id is not null and asset = ${asset})
      where system_name = 'rewards' and asset = ${asset} and shard = 0`);
  }
}

async function onPostgres() {
  const db = await freshDatabase(4);
  try {
    const seeding = performance.now();
    await seedPlayers(db.db, USERS);
    console.log(`seeded ${USERS} funded players in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    await db.db.execute(sql`analyze`);
    const deps = { db: db.db, clock: systemClock, random: cryptoRandom, checkLedger: checkLedgerAndBets };
    const taken = await takeSnapshot(deps, null);
    if (!taken) throw new Error('no snapshot');
    const { readMs, treeMs, storeMs } = taken.timings;
    const total = readMs + treeMs + storeMs;
    console.log(
      `snapshot on PostgreSQL (${taken.players} players, ledger check ${taken.ledgerCheck.ok ? 'ok' : 'FAILED'}): ${total.toFixed(0)} ms = read ${readMs.toFixed(0)} (ledger check + walk) + tree ${treeMs.toFixed(0)} + store ${storeMs.toFixed(0)}`,
    );
    const started = performance.now();
    const rows = await queryRows(
      db.db,
      sql`select user_id, asset, balance from ledger_accounts where user_id is not null order by user_id, asset`,
    );
    console.log(`  bare select of every user balance (${rows.length} rows): ${(performance.now() - started).toFixed(0)} ms`);
    const check = performance.now();
    await checkLedgerAndBets(db.db);
    console.log(`  the ledger check alone: ${(performance.now() - check).toFixed(0)} ms`);
  } finally {
    await db.drop();
  }
}

console.log(machine());
if (process.env.BENCH_LIABILITY_TREE !== 'none') inMemory();
if (process.env.BENCH_LIABILITY_DB !== 'none') await onPostgres();
