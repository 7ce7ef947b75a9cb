import type { LevelList } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, fundUser, registerUser, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('levels on PostgreSQL', () => {
  it('20 concurrent collects of one task pay once', async () => {
    const user = await registerUser(ctx);
    await fundUser(ctx, user.id, 'CASH', 10_000n);
    const levels = await ctx.api.get<LevelList>('/app/level/list', {}, { token: user.token });
    const taskId = levels.result.levels.find((l) => l.level === 1)?.tasks[0]?.id;
    expect(taskId).toBeDefined();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.api.post('/app/level/collect', { taskId: String(taskId) }, { token: user.token })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === 12008)).toBe(true);
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(10_500n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
