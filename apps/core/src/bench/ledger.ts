import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows } from '../db/client';
import { checkLedgerAndBets } from '../ledgerCheck';
import { transfer } from '../modules/ledger/ledger';
import { freshDatabase, lcg, machine, measure } from './support';

/**
 * `npm run bench -- ledger`: transfers per second through the ledger's
 * `transfer` on PostgreSQL, spread over many accounts and on one hot account,
 * each next to the same SQL issued bare (conditional debit, credit, insert).
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const USERS = 1000;

const db = await freshDatabase(CONCURRENCY);
try {
  for (let start = 1; start <= USERS; start += 500) {
    await db.db.transaction(async (tx) => {
      for (let userId = start; userId < start + 500 && userId <= USERS; userId++) {
        await transfer(
          tx,
          { asset: 'CHIP', from: { system: 'rewards' }, to: { userId }, amount: 10_000_000n, type: 'reward', reference: `seed:${userId}` },
          new Date(),
        );
      }
    });
  }
  const random = lcg(7);
  const pick = () => 1 + random(USERS);
  const ours = (from: number, to: number, ref: string) =>
    db.db.transaction((tx) =>
      transfer(
        tx,
        {
          asset: 'CHIP',
          from: { userId: from },
          to: { userId: to === from ? (to % USERS) + 1 : to },
          amount: 1n,
          type: 'gift',
          reference: ref,
        },
        new Date(),
      ),
    );

  const accountIds = new Map(
    (
      await queryRows<{ id: number; user_id: number }>(
        db.db,
        sql`select id, user_id from ledger_accounts where user_id is not null and asset = 'CHIP'`,
      )
    ).map((r) => [Number(r.user_id), Number(r.id)]),
  );
  const pool = new pg.Pool({ connectionString: db.url, max: CONCURRENCY });
  const bare = async (from: number, to: number, ref: string) => {
    const [a, b] = [accountIds.get(from) as number, accountIds.get(to === from ? (to % USERS) + 1 : to) as number];
    const client = await pool.connect();
    try {
      await client.query('begin');
      for (const id of [a, b].sort((x, y) => x - y)) {
        if (id === a) {
          const debited = await client.query(
            'update ledger_accounts set balance = balance - 1 where id = $1 and balance >= 1 returning id',
            [id],
          );
          if (debited.rowCount === 0) throw new Error('insufficient');
        } else await client.query('update ledger_accounts set balance = balance + 1 where id = $1', [id]);
      }
      await client.query(
        "insert into ledger_transfers (asset, from_account_id, to_account_id, amount, type, reference, created_at) values ('CHIP', $1, $2, 1, 'gift', $3, now())",
        [a, b, ref],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  };

  const results = {
    spreadOurs: await measure(CONCURRENCY, SECONDS, (w, i) => ours(pick(), pick(), `s:${w}:${i}`)),
    spreadBare: await measure(CONCURRENCY, SECONDS, (w, i) => bare(pick(), pick(), `sb:${w}:${i}`)),
    hotOurs: await measure(CONCURRENCY, SECONDS, (w, i) => ours(1, pick(), `h:${w}:${i}`)),
    hotBare: await measure(CONCURRENCY, SECONDS, (w, i) => bare(1, pick(), `hb:${w}:${i}`)),
  };
  await pool.end();
  const check = await checkLedgerAndBets(db.db);
  console.log(
    JSON.stringify(
      {
        benchmark: 'ledger transfer',
        machine: machine(),
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        users: USERS,
        results,
        ledgerCheck: check.ok,
      },
      null,
      2,
    ),
  );
  const ratio = (a: number, b: number) => (b ? (a / b).toFixed(2) : 'n/a');
  console.log(
    `spread: ${results.spreadOurs.perSecond}/s ours vs ${results.spreadBare.perSecond}/s bare (ratio ${ratio(results.spreadOurs.perSecond, results.spreadBare.perSecond)}); hot account: ${results.hotOurs.perSecond}/s vs ${results.hotBare.perSecond}/s (ratio ${ratio(results.hotOurs.perSecond, results.hotBare.perSecond)})`,
  );
} finally {
  await db.drop();
}
