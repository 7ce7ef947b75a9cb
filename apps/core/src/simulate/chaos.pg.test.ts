import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { startChaosTarget } from './chaos';
import { runSimulation } from './simulation';

/**
 * Crashes under the simulation: two real core processes on one PostgreSQL
 * database, one of them killed with SIGKILL every few seconds and restarted,
 * while users bet, recharge, exchange and withdraw. Every invariant still
 * holds: nothing half-applied or made twice, every session settled exactly once.
 * `npm run simulate -- --processes 2 --crash-every 3000 --ops 20000` runs a long one.
 */
describe('simulation with crashes', () => {
  it('two processes, kill -9 at random moments: every invariant holds', async () => {
    // Users act until at least two kills fell under their traffic, however fast the processes answer.
    const target = await startChaosTarget({ processes: 2, crashEveryMs: 2500, minCrashes: 2, seed: 21 });
    try {
      const report = await runSimulation(target, { ops: 1500, concurrency: 12, seed: 21, users: 20 });
      expect(report.failures).toEqual([]);
      expect(report.faults.crashes, 'processes really were killed').toBeGreaterThanOrEqual(2);
      expect(report.outcomes['bet 200']).toBeGreaterThan(60);
      const [settled] = await queryRows<{ n: number }>(
        target.db,
        sql`select count(*)::int as n from game_sessions where status = 'settled'`,
      );
      expect(settled?.n, 'sessions were drawn and settled across the crashes').toBeGreaterThan(3);
    } finally {
      await target.close();
    }
  }, 300_000);
});
