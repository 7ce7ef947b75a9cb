import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { fairnessWarnings } from './routes';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };

describe('operator API', () => {
  it('refuses callers without an operator credential, including logged-in users (401: no operator)', async () => {
    const user = await registerUser(ctx);
    const variants: Record<string, string>[] = [
      {},
      { Authorization: 'Ops wrong' },
      { Authorization: user.token },
      { Authorization: `Ops ${TEST_OPS_TOKEN}x` },
    ];
    for (const headers of variants) {
      expect((await ctx.api.get('/admin/config', {}, { headers })).code).toBe(401);
    }
  });

  it('health warns while the settings pay for cycling money, and stops once they do not', async () => {
    type Health = { warnings: { kind: string; currency: string; profitBps: number }[] };
    const warnings = async () =>
      (await ctx.api.get<Health>('/admin/health', {}, asOperator)).result.warnings.filter((w) => w.kind === 'rebateCycle');
    const turnover = (value: string) =>
      ctx.api.post('/admin/wallet/config', { currency: 'USDT', field: 'betLimitRechargeMultiple4Withdraw', value }, asOperator);
    // The defaults ask one bet turnover of recharged money: nothing to cycle.
    expect(await warnings()).toEqual([]);
    // Without turnover, the default recharge rebates (1 % + 0.5 % + 0.25 %) beat a 1 % withdrawal fee.
    expect((await turnover('0')).code).toBe(200);
    expect(
      (await ctx.api.post('/admin/wallet/config', { currency: 'USDT', field: 'withdrawFeeRate', value: '0.01' }, asOperator)).code,
    ).toBe(200);
    expect(await warnings()).toEqual([{ kind: 'rebateCycle', currency: 'USDT', profitBps: 75 }]);
    expect((await turnover('1')).code).toBe(200);
    expect(await warnings()).toEqual([]);
  });

  it('health lists the enabled products whose return net of fees is negative, until the operator fixes them', async () => {
    type Warning = { kind: string; product: string; id: number; name: string; netReturnBp: number };
    const negative = async () =>
      (await ctx.api.get<{ warnings: Warning[] }>('/admin/health', {}, asOperator)).result.warnings.filter(
        (w) => w.kind === 'negativeNetReturn',
      );
    const product = (body: Record<string, string>) =>
      ctx.api.post<{ id: number; warnings: Warning[] }>('/admin/followInvest/products', body, asOperator);
    const before = await negative();
    // 0.50 % a day for 10 days is 5 %, less the 10 % management fee: -5 %.
    const losing = await product({ advisorName: 'Losing Advisor', price: '100', days: '10', dailyRate: '0.50', giftRate: '0' });
    expect(losing.result.warnings).toHaveLength(1);
    const id = losing.result.id;
    expect(await negative()).toContainEqual({
      kind: 'negativeNetReturn',
      product: 'advisor',
      id,
      name: 'Losing Advisor',
      netReturnBp: -500,
    });
    // A power package whose daily fee beats its yield warns too.
    const power = await ctx.api.post<{ id: number; warnings: Warning[] }>(
      '/admin/powerSessions',
      {
        cateId: '1',
        cateName: 'Starter',
        name: 'Costly',
        coin: 'CASH',
        price: '100',
        power: '100',
        termDays: '10',
        dailyRateBps: '100',
        feeBps: '150',
        dailyLimit: '1',
      },
      asOperator,
    );
    expect(power.code, power.message).toBe(200);
    expect(power.result.warnings).toEqual([
      { kind: 'negativeNetReturn', product: 'power', id: power.result.id, name: 'Costly', netReturnBp: -500 },
    ]);
    expect((await negative()).map((w) => w.name)).toEqual(expect.arrayContaining(['Losing Advisor', 'Costly']));
    // Raised to 1.50 % a day (15 % - 10 %): no longer warned about.
    expect((await product({ id: String(id), dailyRate: '1.50' })).result.warnings).toEqual([]);
    expect((await negative()).filter((w) => w.product === 'advisor' && w.id === id)).toEqual([]);
    expect((await negative()).length).toBe(before.length + 1);
  });

  it('health says which fairness mode runs: local in tests, without a warning outside production and real money', async () => {
    const health = await ctx.api.get<{ fairnessMode: string; warnings: { kind: string }[] }>('/admin/health', {}, asOperator);
    expect(health.result.fairnessMode).toBe('local');
    expect(health.result.warnings.filter((warning) => warning.kind === 'fairnessLocal')).toEqual([]);
  });

  it('in production the default is the public drand beacon; a production server told to use local is warned about', async () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), GAME_TICK_MS: '0' };
    type Health = { fairnessMode: string; warnings: { kind: string }[] };
    for (const [env, mode, warned] of [
      [production, 'drand', false],
      [{ ...production, GAME_BEACON: 'local' }, 'local', true],
    ] as const) {
      const server = await createTestContext({ env });
      try {
        const health = (await server.api.get<Health>('/admin/health', {}, asOperator)).result;
        expect(health.fairnessMode).toBe(mode);
        expect(health.warnings.some((warning) => warning.kind === 'fairnessLocal')).toBe(warned);
      } finally {
        await server.close();
      }
    }
  });

  it('warns when a production or real-money server draws with the local beacon', () => {
    expect(fairnessWarnings({ mode: 'local', production: true }, 'play')).toEqual([
      expect.objectContaining({ kind: 'fairnessLocal', fairnessMode: 'local' }),
    ]);
    expect(fairnessWarnings({ mode: 'local', production: false }, 'real')).toHaveLength(1);
    expect(fairnessWarnings({ mode: 'local', production: false }, 'play')).toEqual([]);
    expect(fairnessWarnings({ mode: 'drand', production: true }, 'real')).toEqual([]);
  });

  it('reads the SMS outbox by phone', async () => {
    const user = await registerUser(ctx);
    const answer = await ctx.api.get<{ phone: string; text: string }[]>('/admin/outbox', { kind: 'sms', phone: user.phone }, asOperator);
    expect(answer.code).toBe(200);
    expect(answer.result).toHaveLength(1);
    expect(answer.result[0]?.text).toMatch(/\b\d{6}\b/);
  });

  it('changes a setting that the app then serves', async () => {
    const set = await ctx.api.post('/admin/config', { key: 'CUSTOMER_SERVICE_URL', value: 'https://t.me/prism_support' }, asOperator);
    expect(set.code).toBe(200);
    const user = await registerUser(ctx);
    const info = await ctx.api.get<{ customerServiceUrl: string }>('/app/user/getUserInfo', {}, { token: user.token });
    expect(info.result.customerServiceUrl).toBe('https://t.me/prism_support');
    expect((await ctx.api.post('/admin/config', { key: 'bad key!', value: 'x' }, asOperator)).code).toBe(400);
  });

  it('disables an account (signed out at once with 50001) and enables it again', async () => {
    const user = await registerUser(ctx);
    expect((await ctx.api.post('/admin/users/status', { phone: user.phone, status: 'disable' }, asOperator)).code).toBe(200);
    expect((await ctx.api.get('/app/user/getUserInfo', {}, { token: user.token })).code).toBe(50001);
    expect((await ctx.api.post('/admin/users/status', { phone: user.phone, status: 'enable' }, asOperator)).code).toBe(200);
    expect((await ctx.api.post('/app/auth/login', { phone: user.phone, password: user.password })).code).toBe(200);
    expect((await ctx.api.post('/admin/users/status', { phone: '1111111111', status: 'disable' }, asOperator)).code).toBe(11008);
  });
});
