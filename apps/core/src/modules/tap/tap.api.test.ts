import { decodeResponse, type Envelope, encodeText, type TapAnswer } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, moneySnapshot, registerUser, TEST_OPS_TOKEN, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760' } });
});
afterAll(() => ctx.close());

/** tapingV2 is always encrypted (specification point 7): the form goes scrambled in `data`, the answer comes back after `POST:`. */
async function tap(user: TestUser, fields: Record<string, string>): Promise<Envelope<TapAnswer>> {
  const response = await ctx.api.fetch('/app/taping/tapingV2', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: user.token, 'X-Access-Token': user.token },
    body: new URLSearchParams({ data: encodeText(new URLSearchParams(fields).toString()) }),
  });
  const text = await response.text();
  expect(text.startsWith('POST:')).toBe(true);
  return JSON.parse(decodeResponse(text)) as Envelope<TapAnswer>;
}

let batch = 0;
const nextBatch = () => `batch-${Date.now()}-${++batch}`;
const setConfig = (key: string, value: string) =>
  ctx.api.post('/admin/config', { key, value }, { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } });

describe('tap-to-earn', () => {
  it('starts full, earns POINT per tap, spends energy, and regenerates it on the server clock', async () => {
    ctx.clock.set('2026-03-10T10:00:00Z');
    const user = await registerUser(ctx);
    const status = await tap(user, { count: '0' });
    expect(status.result).toMatchObject({ accepted: 0, energy: 500, maxEnergy: 500, regenSeconds: 2, dailyCap: 2000, point: '0.00' });

    const first = await tap(user, { count: '150', batchId: nextBatch() });
    expect(first.result).toMatchObject({ accepted: 150, earned: '1.50', energy: 350, tappedToday: 150, point: '1.50', replayed: false });
    ctx.clock.advance(21_000); // ten units back, and half of the eleventh under way
    expect((await tap(user, { count: '0' })).result.energy).toBe(360);
    ctx.clock.advance(1_000);
    expect((await tap(user, { count: '0' })).result.energy).toBe(361);
    expect((await balancesOf(ctx.db, user.id)).POINT).toBe(150n);
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('an inflated batch earns only what energy allows; a replayed batch earns nothing again', async () => {
    ctx.clock.set('2026-03-11T10:00:00Z');
    const user = await registerUser(ctx);
    expect((await tap(user, { count: '200', batchId: nextBatch() })).result.accepted).toBe(200);
    expect((await tap(user, { count: '200', batchId: nextBatch() })).result.accepted).toBe(200);
    const drained = await tap(user, { count: '200', batchId: nextBatch() });
    expect(drained.result).toMatchObject({ accepted: 100, energy: 0, point: '5.00' });
    expect((await tap(user, { count: '200', batchId: nextBatch() })).result).toMatchObject({ accepted: 0, earned: '0.00' });

    ctx.clock.advance(60_000); // 30 units back
    const id = nextBatch();
    expect((await tap(user, { count: '50', batchId: id })).result).toMatchObject({ accepted: 30, earned: '0.30' });
    const snapshot = await moneySnapshot(ctx);
    const replay = await tap(user, { count: '50', batchId: id });
    expect(replay.result).toMatchObject({ accepted: 30, earned: '0.30', replayed: true, point: '5.30' });
    expect(await moneySnapshot(ctx)).toBe(snapshot);
  });

  it('stops at the daily cap and starts again when the platform day turns', async () => {
    ctx.clock.set('2026-03-12T22:00:00Z');
    await setConfig('TAP_DAILY_CAP', '250');
    try {
      const user = await registerUser(ctx);
      expect((await tap(user, { count: '200', batchId: nextBatch() })).result.accepted).toBe(200);
      expect((await tap(user, { count: '200', batchId: nextBatch() })).result).toMatchObject({ accepted: 50, tappedToday: 250 });
      ctx.clock.advance(60 * 60_000);
      expect((await tap(user, { count: '200', batchId: nextBatch() })).result.accepted).toBe(0);
      ctx.clock.set('2026-03-13T00:00:01Z');
      expect((await tap(user, { count: '200', batchId: nextBatch() })).result).toMatchObject({ accepted: 200, tappedToday: 200 });
    } finally {
      await setConfig('TAP_DAILY_CAP', '2000');
    }
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const user = await registerUser(ctx);
    const snapshot = await moneySnapshot(ctx);
    for (const fields of [
      { count: '201', batchId: nextBatch() },
      { count: '-1', batchId: nextBatch() },
      { count: 'x' },
      { count: '5' },
      { count: '5', batchId: 'short' },
      {},
    ]) {
      expect((await tap(user, fields as Record<string, string>)).code, JSON.stringify(fields)).toBe(400);
    }
    expect(await moneySnapshot(ctx)).toBe(snapshot);
  });

  it('is refused unencrypted and without a login', async () => {
    const user = await registerUser(ctx);
    const plain = await ctx.api.fetch('/app/taping/tapingV2', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: user.token },
      body: new URLSearchParams({ count: '5', batchId: nextBatch() }),
    });
    expect(JSON.parse(decodeResponse(await plain.text()))).toMatchObject({ code: 400, message: 'data: Invalid value' });
    const response = await ctx.api.fetch('/app/taping/tapingV2', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ data: encodeText('count=0') }),
    });
    expect(JSON.parse(decodeResponse(await response.text())).code).toBe(401);
  });
});
