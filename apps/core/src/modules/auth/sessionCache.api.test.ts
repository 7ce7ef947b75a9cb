import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { users } from '../user/schema';
import { authSessions } from './schema';

/**
 * AUTH_SESSION_CACHE_SECONDS: a process trusts an auth session it has read for
 * that long. What this process revokes ends at once; what another process
 * revokes (here: written by hand in the database) ends within the window.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { AUTH_SESSION_CACHE_SECONDS: '5' } });
});
afterAll(() => ctx.close());

const info = (token: string) => ctx.api.get('/app/user/getUserInfo', {}, { token });

describe('the auth session cache', () => {
  it('a logout in this process ends the session at once, though it was cached', async () => {
    const user = await registerUser(ctx);
    expect((await info(user.token)).code).toBe(200);
    expect((await ctx.api.post('/app/auth/logout', {}, { token: user.token })).code).toBe(200);
    expect((await info(user.token)).code).toBe(401);
  });

  it('disabling the account through the operator API ends its sessions at once', async () => {
    const user = await registerUser(ctx);
    expect((await info(user.token)).code).toBe(200);
    const disabled = await ctx.api.post(
      '/admin/users/status',
      { phone: user.phone, status: 'disable' },
      { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } },
    );
    expect(disabled.code).toBe(200);
    expect((await info(user.token)).code).not.toBe(200);
  });

  it('a revocation by another process takes effect within the window, not later', async () => {
    const user = await registerUser(ctx);
    expect((await info(user.token)).code).toBe(200);
    // Another core process revokes it: this one's cached read still holds...
    await ctx.db
      .update(authSessions)
      .set({ revokedAt: ctx.clock.now(), revokedReason: 'password_reset' })
      .where(eq(authSessions.userId, user.id));
    await ctx.db.update(users).set({ userStatus: 0 }).where(eq(users.id, user.id));
    ctx.clock.advance(4_000);
    expect((await info(user.token)).code).toBe(200);
    // ...until its five seconds are over.
    ctx.clock.advance(1_000);
    expect((await info(user.token)).code).toBe(50001);
  });
});
