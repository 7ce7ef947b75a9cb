// The bare baseline of `npm run bench -- http`, as its own process: a tight Express 5 handler that
// authenticates the caller with the project's token service, parses the form and calls the project's
// bare bet function (bench/support.ts, BARE_FUNCTION) on a node-postgres pool, then answers a small
// envelope. It validates less than the product (no room lists or limits checked in Node, no
// auth-session lookup, no request hash), so it is a floor, not a drop-in. Its server is made as the
// product's is (requests born with the app's prototypes: http/appClasses.ts), the stronger of the two.
// Like the product it places bets together when its pool is busy (the product's batcher,
// db/batcher.ts, sending bare_bets: bench/support.ts); BARE_BATCH=0 sends each alone, as
// it did before the product batched. Env: BARE_DATABASE_URL, BARE_SECRET, BARE_POOL, BARE_BATCH.
// Prints `listening <port>`.
import express from 'express';
import pg from 'pg';
import { createBatcher, statementUndone } from '../../db/batcher';
import { createServerFor } from '../../http/appClasses';
import { SYSTEM_SHARDS } from '../../modules/ledger/ledger';
import { systemClock } from '../../platform/clock';
import { createTokenService } from '../../platform/tokens';

const tokens = createTokenService(process.env.BARE_SECRET ?? '', systemClock);
const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: Number(process.env.BARE_POOL ?? 16) });
pool.on('error', () => undefined);
let sequence = 0;

type BareBet = readonly [userId: number, sessionId: number, key: string];
const bareOne = async ([userId, sessionId, key]: BareBet): Promise<number> => {
  const { rows } = await pool.query({
    name: 'bare_bet',
    text: 'select bare_bet($1, $2, $3, $4, $5) as id',
    values: [userId, sequence++ % SYSTEM_SHARDS, sessionId, key, new Date().toISOString()],
  });
  return rows[0]?.id;
};
// The bench bets in one session; a batch takes its first bet's.
const bareMany = async (bets: readonly BareBet[]): Promise<number[]> => {
  const { rows } = await pool.query({
    name: 'bare_bets',
    text: 'select bare_bets($1, $2, $3, $4, $5) as ids',
    values: [bets.map((b) => b[0]), sequence++ % SYSTEM_SHARDS, bets[0]?.[1], bets.map((b) => b[2]), new Date().toISOString()],
  });
  return rows[0]?.ids ?? [];
};
const place =
  process.env.BARE_BATCH === '0'
    ? bareOne
    : createBatcher<BareBet, number>({ pool, one: bareOne, many: bareMany, retryAlone: statementUndone }).run;

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.post('/bet', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 100 }), async (req, res) => {
  const claims = tokens.verify(req.get('authorization') ?? '');
  const key = req.get('idempotency-key');
  const sessionId = Number(req.body?.gameSessionId);
  if (!claims || !key || !Number.isSafeInteger(sessionId)) {
    res.json({ code: 401, message: 'refused' });
    return;
  }
  try {
    const id = await place([claims.uid, sessionId, key]);
    res.json({ code: 200, message: 'success', result: { id }, timestamp: Date.now() });
  } catch (error) {
    res.json({ code: 500, message: String((error as Error).message) });
  }
});
const server = createServerFor(app).listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
