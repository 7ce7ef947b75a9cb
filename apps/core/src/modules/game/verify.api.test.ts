import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { type GameSession, type GameSessionProof, verifySessionProof } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../platform/random';
import { createTestContext, type TestContext } from '../../testing';

const run = promisify(execFile);
let ctx: TestContext;
const periods: string[] = [];
const timing = { level: 1, sessionSeconds: 60, betCloseSeconds: 5 };

/** Fixed randomness and a fixed clock: the seed chain, and so the results, are fixed vectors. */
beforeAll(async () => {
  ctx = await createTestContext({ deps: { random: seededRandom('prism-fairness-vectors') } });
  ctx.clock.set('2026-11-23T08:00:10Z');
  for (let i = 0; i < 3; i++) {
    periods.push((await ctx.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '1' })).result.periodId);
    ctx.clock.advance(60_000);
    await ctx.services.game.scheduler.tick();
  }
});
afterAll(() => ctx.close());

const proofOf = async (periodId: string) =>
  (await ctx.api.get<GameSessionProof>('/app/game/luckyLottery/sessionDetail', { periodId })).result;

async function verifyScript(periodId: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run(path.resolve('node_modules/.bin/tsx'), ['apps/core/src/cli/verify.ts', periodId, '--url', ctx.url]);
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string };
    return { code: failed.code, stdout: failed.stdout };
  }
}

describe('fairness vectors', () => {
  it('a fixed seed chain gives fixed results', async () => {
    expect(periods).toEqual(['20261123100480', '20261123100481', '20261123100482']);
    const results = await Promise.all(periods.map(async (p) => (await proofOf(p)).lotteryResult));
    expect(results).toEqual([4, 5, 2]);
  });

  it('every check passes on published data, and fails when the data is changed', async () => {
    for (const periodId of periods) {
      const checks = verifySessionProof(await proofOf(periodId), { timing });
      expect(checks.filter((c) => !c.ok)).toEqual([]);
    }
    const proof = await proofOf(periods[0] as string);
    const failing = (changed: Partial<GameSessionProof>) =>
      verifySessionProof({ ...proof, ...changed }, { timing })
        .filter((c) => !c.ok)
        .map((c) => c.name);
    expect(failing({ lotteryResult: ((proof.lotteryResult ?? 0) + 1) % 10 })).toEqual([
      'result follows from seed, room, period and beacon',
    ]);
    expect(failing({ seed: proof.commitment })).toContain('seed matches the commitment shown before betting');
    expect(failing({ beaconValue: 'f'.repeat(64) })).toContain('beacon value is the local beacon of that round');
    expect(failing({ chainAnchor: 'a'.repeat(64) })).toEqual([expect.stringContaining("chain's anchor")]);
  });

  it('npm run verify agrees, and exits 1 when a result was tampered with in the database', async () => {
    const good = await verifyScript(periods[1] as string);
    expect(good.stdout).toContain('verified: the published result is the only possible one');
    expect(good.code).toBe(0);
    await ctx.db.execute(sql`update game_sessions set result = (result + 1) % 10 where period_id = ${periods[1]}`);
    const bad = await verifyScript(periods[1] as string);
    expect(bad.stdout).toContain('FAIL result follows from seed, room, period and beacon');
    expect(bad.code).toBe(1);
  }, 60_000);
});
