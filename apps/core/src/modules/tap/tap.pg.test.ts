import { decodeResponse, type Envelope, encodeText, type TapAnswer } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('tap-to-earn on PostgreSQL', () => {
  it('20 concurrent batches never pass the daily cap, and each replay earns nothing', async () => {
    await ctx.api.post('/admin/config', { key: 'TAP_DAILY_CAP', value: '300' }, { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } });
    const user = await registerUser(ctx);
    const send = async (batchId: string) => {
      const response = await ctx.api.fetch('/app/taping/tapingV2', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: user.token },
        body: new URLSearchParams({ data: encodeText(`count=100&batchId=${batchId}`) }),
      });
      return JSON.parse(decodeResponse(await response.text())) as Envelope<TapAnswer>;
    };
    // Ten distinct batches, each sent twice at once.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(`concurrent-${i % 10}`)));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    const firsts = answers.filter((a) => !a.result.replayed);
    expect(firsts).toHaveLength(10);
    expect(firsts.reduce((sum, a) => sum + a.result.accepted, 0)).toBe(300);
    expect((await balancesOf(ctx.db, user.id)).POINT).toBe(300n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });
});
