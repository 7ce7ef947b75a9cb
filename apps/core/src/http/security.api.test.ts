import { Writable } from 'node:stream';
import { encodeText, isAlwaysEncrypted } from '@prism/domain';
import { sign } from '@telegram-apps/init-data-node';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/logger';
import {
  appRoutes,
  bindBankCard,
  createTestContext,
  freshWithdrawCode,
  fundUser,
  lastSmsCode,
  lastWithdrawCode,
  moneySnapshot,
  registerUser,
  registerWithdrawer,
  TEST_BOT_TOKEN,
  TEST_OPS_TOKEN,
  type TestContext,
} from '../testing';
import { canMatch } from './moduleRouter';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { CORS_ORIGINS: 'https://allowed.example' } });
});
afterAll(() => ctx.close());

/** Routes that serve anyone; everything else under /core/app and /core/file needs a login. */
const PUBLIC = [
  /^\/core\/app\/auth\/(login|register|resetLoginPwd|telegramLogin)$/,
  /^\/core\/app\/sms\/sendSmsCodeNoAuth$/,
  /^\/core\/app\/config\//,
  /^\/core\/app\/powerSession\/(config\/get|list|cateList)$/,
  /^\/core\/app\/chargeAndWithdrawConfig\/getConfig$/,
  /^\/core\/app\/payChannel\/list$/,
  // The introduction pages are open before login, as their routes in the app are.
  /^\/core\/app\/platform\/info\/getContentByType$/,
  /^\/core\/app\/game\/luckyLottery\/(getLevelList|getSession|sessionResultPage|sessionDetail|voidSummary|chains|events|trend)$/,
  // What the platform owes (docs/liabilities.md): published for anyone.
  /^\/core\/app\/public\/liabilities(\/history)?$/,
];

describe('authorization', () => {
  const routes = () => appRoutes(ctx.app);

  it('finds the routes (the walk works)', () => {
    const all = routes();
    expect(all.length).toBeGreaterThan(60);
    expect(all).toContainEqual({ method: 'POST', path: '/core/app/user/cashWithdrawal/apply' });
    expect(all).toContainEqual({ method: 'POST', path: '/core/admin/withdrawals/:id/approve' });
  });

  it('every non-public route refuses missing, garbage, foreign-key, expired and forged Telegram credentials', async () => {
    const user = await registerUser(ctx);
    const payload = JSON.parse(Buffer.from(user.token.split('.')[1] ?? '', 'base64url').toString());
    const foreign = await new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('some-other-key-some-other-key-123'));
    const expired = await new SignJWT({ ...payload, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('test-secret-0123456789abcdef0123456789abcdef'));
    const forgedTma = `tma ${sign({ user: { id: 1, first_name: 'M' } }, '1:not-our-token', new Date())}`;
    const staleTma = `tma ${sign({ user: { id: 1, first_name: 'M' } }, TEST_BOT_TOKEN, new Date(Date.now() - 2 * 86_400_000))}`;
    const credentials: Record<string, string>[] = [
      {},
      { Authorization: 'garbage' },
      { Authorization: foreign },
      { Authorization: expired },
      { Authorization: forgedTma },
      { Authorization: staleTma },
    ];
    const guarded = routes().filter((r) => /^\/core\/(app|file)\//.test(r.path) && !PUBLIC.some((p) => p.test(r.path)));
    expect(guarded.length).toBeGreaterThanOrEqual(30);
    for (const route of guarded) {
      for (const headers of credentials) {
        // An always-encrypted route needs its `data` field before anything else is read (else 400).
        const body = isAlwaysEncrypted(route.path) ? new URLSearchParams({ data: encodeText('') }) : undefined;
        const answer = await ctx.api.send(route.path.replace(/^\/core/, ''), { method: route.method, headers, ...(body ? { body } : {}) });
        expect(answer.code, `${route.method} ${route.path} with ${Object.values(headers)[0]?.slice(0, 12) ?? 'nothing'}`).toBe(401);
      }
    }
  }, 120_000);

  it('every module router is entered for each of its routes, and for every route under one of its middleware prefixes', () => {
    type Layer = {
      match(path: string): unknown;
      route?: { path: string; methods: Record<string, boolean> };
      handle: { router?: { stack: Layer[] }; routers?: { stack: Layer[] }[] };
    };
    const appStack = (ctx.app as unknown as { router: { stack: (Layer & { rawPath?: string; handle: { stack?: Layer[] } })[] } }).router
      .stack;
    const core = appStack.find((layer) => layer.rawPath === '/core')?.handle.stack ?? [];
    // The modules' routers, all mounted through one moduleRouters layer.
    const gated = core.flatMap((layer) => layer.handle.routers?.map((router) => router.stack) ?? []);
    expect(gated.length).toBeGreaterThanOrEqual(20);
    const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, '1');
    const all = routes()
      .filter((r) => !r.path.startsWith('/core/admin/'))
      .map((r) => ({ ...r, path: concrete(r.path.replace(/^\/core/, '')) }));
    let prefixes = 0;
    for (const stack of gated) {
      const guards = stack.filter((layer) => !layer.route && !(layer as { slash?: boolean }).slash);
      prefixes += guards.length;
      for (const route of all) {
        const own = stack.some((layer) => layer.route && layer.match(route.path) && layer.route.methods[route.method.toLowerCase()]);
        const covered = guards.some((layer) => layer.match(route.path));
        if (own || covered) expect(canMatch(stack as never, route.method, route.path), `${route.method} ${route.path}`).toBe(true);
      }
    }
    // The modules' prefix guards (user, level, gift code, sign-in, ...) and the file module's static files.
    expect(prefixes).toBeGreaterThanOrEqual(10);
  });

  it('every operator route refuses callers without an operator credential, users included (401)', async () => {
    const user = await registerUser(ctx);
    // The setup link and sign-in are the public ones (roleMatrix.api.test.ts walks the rest by role).
    // The metrics are the operators' too, outside /core/admin (Prometheus' token: metrics.api.test.ts).
    const admin = routes().filter(
      (r) => (r.path.startsWith('/core/admin/') && !/^\/core\/admin\/auth\/(setup|login)$/.test(r.path)) || r.path === '/core/metrics',
    );
    expect(admin).toContainEqual({ method: 'GET', path: '/core/metrics' });
    expect(admin.length).toBeGreaterThan(10);
    for (const route of admin) {
      const path = route.path
        .replace(/^\/core/, '')
        .replace(':id', '1')
        .replace(':gateway', 'sandbox');
      for (const headers of [{}, { Authorization: user.token }, { Authorization: 'Ops wrong' }] as Record<string, string>[]) {
        expect((await ctx.api.send(path, { method: route.method, headers })).code, `${route.method} ${route.path}`).toBe(401);
      }
    }
  });
});

describe('no IDOR: another user sees and changes nothing of yours', () => {
  it('lists, records and objects stay with their owner', async () => {
    ctx.clock.set('2026-11-23T10:00:00Z');
    const owner = await registerWithdrawer(ctx);
    const other = await registerUser(ctx);
    await fundUser(ctx, owner.id, 'CASH', 100_000n);
    await fundUser(ctx, owner.id, 'CHIP', 10_000n);
    const cardId = String(await bindBankCard(ctx, owner));
    const code = await freshWithdrawCode(ctx, owner);
    const form = { amount: '500', bankCardId: cardId, assetPassword: owner.assetPassword, code };
    await ctx.api.post('/app/user/cashWithdrawal/apply', form, { token: owner.token });
    const session = await ctx.api.get<{ id: number }>('/app/game/luckyLottery/getSession', { level: '1' });
    await ctx.api.post(
      '/app/game/luckyLottery/betting',
      { gameSessionId: String(session.result.id), betName: 'Red', baseAmount: '1', betMultiples: '1', totalBetAmount: '1.00' },
      { token: owner.token },
    );
    await ctx.api.post('/app/user/cashRecharge/recharge', { payChannelName: 'sandbox', amount: '1000' }, { token: owner.token });

    const boughtPower = await ctx.api.post('/app/userPower/buyPower', { sessionId: '1' }, { token: owner.token });
    expect(boughtPower.code).toBe(200);

    const mine = { token: other.token };
    const empty = async (path: string, query: Record<string, string> = {}) =>
      (await ctx.api.get<{ content: unknown[] }>(path, { pageNo: '1', ...query }, mine)).result.content;
    expect(await empty('/app/user/withdraw/list')).toEqual([]);
    expect(await empty('/app/game/luckyLottery/userLotteryRecordPage')).toEqual([]);
    expect(await empty('/app/user/rechargeTask/list')).toEqual([]);
    expect(await empty('/app/user/account/findUserAccountRecordPage')).toEqual([]);
    expect(await empty('/app/sysMessage/findUserMsgList')).toEqual([]);
    expect(await empty('/app/userPower/powerRecordPage')).toEqual([]);
    const othersPower = await ctx.api.get<{ basicPower: string; holdings: unknown[] }>('/app/userPower/get', {}, mine);
    expect(othersPower.result).toMatchObject({ basicPower: '0.00', holdings: [] });
    expect((await ctx.api.post<unknown[]>('/app/userBank/list', {}, mine)).result).toEqual([]);
    expect((await ctx.api.post('/app/userBank/remove', { id: cardId }, mine)).code).toBe(10024);
    expect(
      (
        await ctx.api.post(
          '/app/userBank/save',
          { id: cardId, bankName: 'X', cardNumber: '999999999999', holderName: 'X', ifsc: 'SBIN0001234' },
          mine,
        )
      ).code,
    ).toBe(10024);
    const ownersMessages = await ctx.api.get<{ content: { id: number }[] }>('/app/sysMessage/findUserMsgList', {}, { token: owner.token });
    const messageId = String(ownersMessages.result.content[0]?.id);
    expect((await ctx.api.get('/app/sysMessage/get', { id: messageId }, mine)).code).toBe(10010);
    expect((await ctx.api.post('/app/sysMessage/readMsg', { id: messageId }, mine)).code).toBe(10010);

    // Sign-in and gift codes: the owner's day and redemptions are not the other's.
    await ctx.api.post('/app/signIn/signIn', {}, { token: owner.token });
    const gift = await ctx.api.post<{ code: string }>(
      '/admin/giftCodes',
      { asset: 'CASH', amount: '1', totalUses: '5', days: '1' },
      { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } },
    );
    expect((await ctx.api.post('/app/giftCode/redeem', { code: gift.result.code }, { token: owner.token })).code).toBe(200);
    expect(await empty('/app/giftCode/records')).toEqual([]);
    expect((await ctx.api.post<{ signedToday: boolean }>('/app/signIn/signStatus', {}, mine)).result.signedToday).toBe(false);
    expect((await ctx.api.post('/app/giftCode/redeem', { code: gift.result.code }, mine)).code).toBe(200);

    // Levels: the owner's recharges, level and collected task are not the other's; the other cannot collect with them.
    const levelsOf = async (token: string) =>
      (
        await ctx.api.get<{ level: number; levels: { level: number; tasks: { id: number; state: string }[] }[] }>(
          '/app/level/list',
          {},
          { token },
        )
      ).result;
    const ownersTask = (await levelsOf(owner.token)).levels[1]?.tasks[0];
    expect(ownersTask?.state).toBe('collect');
    expect((await ctx.api.post('/app/level/collect', { taskId: String(ownersTask?.id) }, { token: owner.token })).code).toBe(200);
    const othersLevels = await levelsOf(other.token);
    expect(othersLevels.level).toBe(0);
    expect(othersLevels.levels[1]?.tasks[0]?.state).toBe('go');
    const snapshot = await moneySnapshot(ctx);
    expect((await ctx.api.post('/app/level/collect', { taskId: String(ownersTask?.id) }, mine)).code).toBe(12007);
    expect(await moneySnapshot(ctx)).toBe(snapshot);

    // Team: the owner's invitee is in no level or page of the other's team.
    await registerUser(ctx, { invitationCode: owner.invitation });
    const ownersPage = await ctx.api.get<{ totalElements: number }>('/app/user/getTeamMembers', { level: '1' }, { token: owner.token });
    expect(ownersPage.result.totalElements).toBe(1);
    expect((await ctx.api.get<{ teamNumber: number }>('/app/user/getUserTeamInfo', {}, mine)).result.teamNumber).toBe(0);
    for (const level of ['1', '2', '3']) expect(await empty('/app/user/getTeamMembers', { level })).toEqual([]);

    // Follow-invest and fixed deposits: the owner's orders and holdings are not the other's; the other cannot transfer out of them.
    const advisor = (await ctx.api.get<{ id: number; price: string }[]>('/app/followInvest/productList', {}, { token: owner.token }))
      .result[0];
    const bought = await ctx.api.post(
      '/app/followInvest/buy',
      { productId: String(advisor?.id), amount: advisor?.price ?? '' },
      { token: owner.token },
    );
    expect(bought.code).toBe(200);
    const term = (await ctx.api.get<{ products: { id: number }[] }>('/app/fixedDeposit/config/get', {}, { token: owner.token })).result
      .products[0];
    const held = await ctx.api.post<{ id: number }>(
      '/app/fixedDeposit/deposit',
      { productId: String(term?.id), amount: '20' },
      { token: owner.token },
    );
    expect(held.code).toBe(200);
    expect(await empty('/app/followInvest/orderPage')).toEqual([]);
    expect(await empty('/app/fixedDeposit/list')).toEqual([]);
    const investSnapshot = await moneySnapshot(ctx);
    expect((await ctx.api.post('/app/fixedDeposit/transferOut', { id: String(held.result.id), amount: '1' }, mine)).code).toBe(17004);
    expect(await moneySnapshot(ctx)).toBe(investSnapshot);

    // Player protection: the owner's settings, exclusion, recharges and play are not the other's.
    await ctx.api.post('/app/protection/limits', { day: '5000' }, { token: owner.token });
    await ctx.api.post('/app/protection/realityCheck/interval', { minutes: '15' }, { token: owner.token });
    await ctx.api.post('/app/protection/exclude', { period: '24h' }, { token: owner.token });
    const others = (await ctx.api.get<{ excludedUntil: unknown; limits: unknown; used: unknown }>('/app/protection/settings', {}, mine))
      .result;
    expect(others).toMatchObject({ excludedUntil: null, limits: { day: null }, used: { day: '0.00' }, realityCheckMinutes: 0 });
    expect((await ctx.api.get<{ results: unknown[] }>('/app/protection/realityCheck', {}, mine)).result.results).toEqual([]);
    expect((await ctx.api.post('/app/user/cashRecharge/recharge', { payChannelName: 'sandbox', amount: '1000' }, mine)).code).toBe(200);
  });
});

describe('nothing secret reaches the logs', () => {
  it('no password, code, token or initData signature in any log line of a full account and withdrawal flow', async () => {
    let lines = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines += chunk.toString();
        done();
      },
    });
    const logged = await createTestContext({ deps: { logger: createLogger('trace', sink) } });
    try {
      logged.clock.set('2026-11-23T10:00:00Z');
      const user = await registerWithdrawer(logged);
      const tma = sign({ user: { id: 4242, first_name: 'L', username: 'logcheck' } }, TEST_BOT_TOKEN, logged.clock.now());
      await logged.api.post(
        '/app/auth/login',
        { phone: user.phone, password: user.password },
        { headers: { Authorization: `tma ${tma}` } },
      );
      logged.clock.advance(61_000);
      await logged.api.post('/app/user/withdraw/sendCode', {}, { token: user.token });
      const withdrawCode = await lastWithdrawCode(logged, user.id);
      await logged.api.post('/app/sms/sendUserCode', { type: 'resetLoginPwd' }, { token: user.token });
      const smsCode = await lastSmsCode(logged.db, user.phone);
      expect(lines.length).toBeGreaterThan(1000);
      for (const secret of [
        user.password,
        user.assetPassword,
        user.token,
        smsCode,
        withdrawCode,
        new URLSearchParams(tma).get('hash') ?? 'x',
      ]) {
        expect(lines.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false);
      }
    } finally {
      await logged.close();
    }
  });
});

describe('CORS', () => {
  it('answers configured origins only', async () => {
    const allowed = await ctx.api.fetch('/health', { headers: { Origin: 'https://allowed.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://allowed.example');
    const other = await ctx.api.fetch('/health', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await ctx.api.fetch('/app/auth/login', {
      method: 'OPTIONS',
      headers: { Origin: 'https://allowed.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
  });
});
