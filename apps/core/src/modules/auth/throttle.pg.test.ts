import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/passwords';
import { createTestContext, registerUser, type TestContext } from '../../testing';
import { passwordThrottles } from '../throttle/schema';
import { users } from '../user/schema';
import { verifyAssetPassword } from '../withdraw/assetPassword';

/** Parallel wrong passwords share one budget: only PostgreSQL runs them side by side (PGlite has one connection). */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const failuresOf = async (key: string) =>
  (await ctx.db.select().from(passwordThrottles).where(eq(passwordThrottles.key, key)))[0]?.failures;

describe('wrong passwords under concurrency', () => {
  it('40 parallel wrong logins count exactly five; the rest wait', async () => {
    const user = await registerUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => ctx.api.post('/app/auth/login', { phone: user.phone, password: 'wrong-password' })),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === 11003)).toHaveLength(4);
    expect(codes.filter((c) => c === 11042)).toHaveLength(36);
    expect(await failuresOf(`login:${user.id}`)).toBe(5);
    expect((await ctx.api.post('/app/auth/login', { phone: user.phone, password: user.password })).code).toBe(11042);
  });

  it('40 parallel wrong payment passwords count exactly five', async () => {
    const user = await registerUser(ctx);
    await ctx.db
      .update(users)
      .set({ assetPasswordHash: await hashPassword('246810') })
      .where(eq(users.id, user.id));
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => verifyAssetPassword(ctx.db, ctx.clock, user.id, '111111')));
    const keys = results.map((r) => (r.status === 'rejected' ? (r.reason as { key: string }).key : 'ok'));
    expect(keys.filter((k) => k === 'ASSET_PASSWORD_WRONG')).toHaveLength(4);
    expect(keys.filter((k) => k === 'ASSET_PASSWORD_LOCKED')).toHaveLength(36);
    expect(await failuresOf(`asset:${user.id}`)).toBe(5);
    await expect(verifyAssetPassword(ctx.db, ctx.clock, user.id, '246810')).rejects.toMatchObject({ key: 'ASSET_PASSWORD_LOCKED' });
    ctx.clock.advance(15 * 60_000);
    await expect(verifyAssetPassword(ctx.db, ctx.clock, user.id, '246810')).resolves.toBeUndefined();
  });

  it('20 parallel right payment passwords all pass and count nothing; wrong ones still count', async () => {
    const user = await registerUser(ctx);
    await ctx.db
      .update(users)
      .set({ assetPasswordHash: await hashPassword('246810') })
      .where(eq(users.id, user.id));
    const rights = await Promise.allSettled(Array.from({ length: 20 }, () => verifyAssetPassword(ctx.db, ctx.clock, user.id, '246810')));
    expect(rights.map((r) => r.status)).toEqual(Array(20).fill('fulfilled'));
    expect(await failuresOf(`asset:${user.id}`)).toBeUndefined();
    // Right and wrong side by side: only the wrong ones are counted.
    const mixed = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => verifyAssetPassword(ctx.db, ctx.clock, user.id, i % 4 ? '246810' : '111111')),
    );
    expect(mixed.filter((r) => r.status === 'rejected').map((r) => (r.reason as { key: string }).key)).toEqual(
      Array(3).fill('ASSET_PASSWORD_WRONG'),
    );
    expect(await failuresOf(`asset:${user.id}`)).toBe(3);
  });

  it('20 parallel right logins all pass and count nothing', async () => {
    const user = await registerUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ctx.api.post('/app/auth/login', { phone: user.phone, password: user.password })),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(20).fill(200));
    expect(await failuresOf(`login:${user.id}`)).toBeUndefined();
  });
});
