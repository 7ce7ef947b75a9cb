import type { GiftCodeRedemption, GiftCodeView, Paged } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, moneySnapshot, registerUser, TEST_OPS_TOKEN, type TestContext, type TestUser } from '../../testing';
import { checkLedger } from '../../testing/ledger';
import { balancesOf } from '../ledger/ledger';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TOKEN_TTL_HOURS: '8760', RATE_LIMIT_GIFT_CODE_PER_MINUTE: '1000' } });
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const createCode = (form: Record<string, string>) =>
  ctx.api.post<GiftCodeView>('/admin/giftCodes', { asset: 'CASH', amount: '5', totalUses: '10', days: '7', ...form }, asOperator);
const redeem = (user: TestUser, code: string, headers: Record<string, string> = {}) =>
  ctx.api.post<GiftCodeRedemption>('/app/giftCode/redeem', { code }, { token: user.token, headers });
const records = (user: TestUser) => ctx.api.get<Paged<GiftCodeRedemption>>('/app/giftCode/records', {}, { token: user.token });

describe('gift codes', () => {
  it('the operator creates a code; a user redeems it once, in any case and with dashes, and sees the record', async () => {
    ctx.clock.set('2026-04-01T10:00:00Z');
    const created = await createCode({ amount: '5.50', totalUses: '3', createdBy: 'alice' });
    expect(created.code).toBe(200);
    expect(created.result).toMatchObject({ asset: 'CASH', amount: '5.50', totalUses: 3, usedCount: 0, perUserOnce: true });
    expect(created.result.code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    expect(created.result.expiresAt).toBe('2026-04-08T10:00:00.000Z');

    const user = await registerUser(ctx);
    const answer = await redeem(user, ` ${created.result.code.toLowerCase()} `);
    expect(answer.code, answer.message).toBe(200);
    expect(answer.result).toMatchObject({ code: created.result.code, amount: '5.50', asset: 'CASH', status: 'in_use' });
    expect((await balancesOf(ctx.db, user.id)).CASH).toBe(550n);

    const snapshot = await moneySnapshot(ctx);
    expect(await redeem(user, created.result.code)).toMatchObject({ code: 12005, message: 'You have already redeemed this gift code' });
    expect(await moneySnapshot(ctx)).toBe(snapshot);

    const listed = await records(user);
    expect(listed.result.totalElements).toBe(1);
    expect(listed.result.content[0]).toMatchObject({
      code: created.result.code,
      amount: '5.50',
      createDateTime: '2026-04-01T10:00:00.000Z',
      expireDateTime: '2026-04-08T10:00:00.000Z',
      status: 'in_use',
    });
    ctx.clock.set('2026-04-09T10:00:00Z');
    expect((await records(user)).result.content[0]?.status).toBe('expired');
    expect((await ctx.api.get<Paged<GiftCodeView>>('/admin/giftCodes', {}, asOperator)).result.content[0]).toMatchObject({
      usedCount: 1,
      createdBy: 'alice',
    });
    expect((await checkLedger(ctx.db)).ok).toBe(true);
  });

  it('refuses unknown, malformed, expired and used-up codes with their messages, moving nothing', async () => {
    ctx.clock.set('2026-05-01T10:00:00Z');
    const [first, second] = [await registerUser(ctx), await registerUser(ctx)];
    const single = (await createCode({ totalUses: '1' })).result.code;
    const shortLived = (await createCode({ days: '1' })).result.code;
    expect((await redeem(first, single)).code).toBe(200);
    const snapshot = await moneySnapshot(ctx);
    expect(await redeem(second, single)).toMatchObject({ code: 12004, message: 'This gift code has been fully redeemed' });
    expect(await redeem(second, 'ZZZZ-ZZZZ-ZZZZ')).toMatchObject({ code: 12002, message: 'This gift code does not exist' });
    expect((await redeem(second, 'not a code!')).code).toBe(12002);
    ctx.clock.set('2026-05-02T10:00:00Z');
    expect(await redeem(second, shortLived)).toMatchObject({ code: 12003, message: 'This gift code has expired' });
    expect((await redeem(second, '')).code).toBe(400);
    expect(await moneySnapshot(ctx)).toBe(snapshot);
  });

  it('a code open to repeats pays the same user each time; an Idempotency-Key replays instead of paying again', async () => {
    ctx.clock.set('2026-06-01T10:00:00Z');
    const user = await registerUser(ctx);
    const code = (await createCode({ amount: '1', perUserOnce: 'false', asset: 'POINT' })).result.code;
    expect((await redeem(user, code)).code).toBe(200);
    expect((await redeem(user, code)).code).toBe(200);
    const keyed = await redeem(user, code, { 'Idempotency-Key': 'gift-1' });
    expect(await redeem(user, code, { 'Idempotency-Key': 'gift-1' })).toEqual({ ...keyed, timestamp: expect.any(Number) });
    expect((await balancesOf(ctx.db, user.id)).POINT).toBe(300n);
  });

  it('the operator form refuses nonsense and only operators reach it', async () => {
    const wrong: Record<string, string>[] = [
      { amount: '0' },
      { amount: '-1' },
      { asset: 'EUR' },
      { totalUses: '0' },
      { days: '0' },
      { days: 'x' },
      { perUserOnce: 'maybe' },
    ];
    for (const form of wrong) {
      expect((await createCode(form)).code, JSON.stringify(form)).toBe(400);
    }
    const user = await registerUser(ctx);
    expect(
      (await ctx.api.post('/admin/giftCodes', { asset: 'CASH', amount: '1', totalUses: '1', days: '1' }, { token: user.token })).code,
    ).toBe(401);
  });
});

describe('gift code rate limits', () => {
  it('refuses the redemption past the limit per minute with 429', async () => {
    const limited = await createTestContext({ env: { RATE_LIMIT_GIFT_CODE_PER_MINUTE: '3' } });
    try {
      const user = await registerUser(limited);
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await limited.api.post('/app/giftCode/redeem', { code: 'ZZZZZZZZZZZZ' }, { token: user.token })).code);
      expect(codes).toEqual([12002, 12002, 12002, 429]);
    } finally {
      await limited.close();
    }
  });
});
