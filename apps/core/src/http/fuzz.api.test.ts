import { decodeResponse, encodeText } from '@prism/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes, createTestContext, moneySnapshot, registerUser, TEST_OPS_TOKEN, type TestContext, type TestUser } from '../testing';

/**
 * Every endpoint gets generated malformed input: wrong types, huge strings,
 * unicode, negative / fractional / huge amounts, missing and repeated fields,
 * broken codec payloads, other content types. Expected: an envelope, never a
 * 500, and no money moved (the caller has none, so nothing valid can move any).
 */
let ctx: TestContext;
let user: TestUser;
let other: TestUser;
/** The demo deposit moves play money by design (its own tests cover its input); every other route must not. */
const MOVES_PLAY_MONEY = '/core/app/user/recharge/simulateDeposit';
beforeAll(async () => {
  ctx = await createTestContext();
  user = await registerUser(ctx);
  other = await registerUser(ctx);
});
afterAll(() => ctx.close());

const FIELDS = [
  'phone',
  'password',
  'confirmPassword',
  'code',
  'areaCode',
  'invitationCode',
  'type',
  'nickName',
  'sex',
  'headUrl',
  'amount',
  'bankCardId',
  'walletType',
  'assetPassword',
  'fromCoin',
  'toCoin',
  'pageNo',
  'pageSize',
  'coin',
  'level',
  'id',
  'gameSessionId',
  'sessionId',
  'account',
  'betName',
  'baseAmount',
  'betMultiples',
  'totalBetAmount',
  'payChannelName',
  'orderNo',
  'currency',
  'bankName',
  'cardNumber',
  'holderName',
  'ifsc',
  'address',
  'reason',
  'key',
  'value',
  'field',
  'rate',
  'status',
  'network',
  'txHash',
  'confirmations',
  'periodId',
  'productId',
  'advisorName',
  'dailyRate',
  'annualRate',
  'minAmount',
  'price',
  'sysCfgKeyEnum',
  'data',
  'by',
  'levelName',
  'sessionSeconds',
  'betCloseSeconds',
  'kind',
  'limit',
  'taskId',
  'target',
  'reward',
  'userId',
  'direction',
];
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '-1',
    '0',
    '0.001',
    '1e30',
    '99999999999999999999',
    'NaN',
    'Infinity',
    'null',
    'true',
    '[]',
    '{}',
    '<script>',
    "' or 1=1 --",
    '١٢٣',
    '%00',
    '../../etc/passwd',
    'Red',
    'CHIP',
    'TRC20',
    '1000',
    '12.34',
  ),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constant('x'.repeat(10_000)),
);
const body = fc.dictionary(
  fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 })),
  fc.oneof(nasty, fc.array(nasty, { maxLength: 3 })),
  { maxKeys: 8 },
);

function encode(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(key, v);
  return params.toString();
}

async function expectEnvelope(response: Response, label: string): Promise<void> {
  expect(response.status, label).toBe(200);
  const text = await response.text();
  const envelope = JSON.parse(text.startsWith('POST:') ? '{"code":0}' : text) as { code: number };
  expect(envelope.code, `${label}: ${text.slice(0, 200)}`).not.toBe(500);
}

describe('fuzzing every endpoint', () => {
  it('generated bodies, queries and credentials never give a 500 and never move money', async () => {
    const routes = appRoutes(ctx.app).filter(
      (r) =>
        r.path.startsWith('/core/') &&
        !r.path.endsWith('/events') &&
        // The Prometheus text format, not an envelope (metrics.api.test.ts checks its answers).
        r.path !== '/core/metrics' &&
        !r.path.startsWith('/core/pay/sandbox/') &&
        r.path !== MOVES_PLAY_MONEY,
    );
    expect(routes.length).toBeGreaterThan(60);
    const before = await moneySnapshot(ctx);
    for (const route of routes) {
      const path = route.path.replace(/^\/core/, '');
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom('user', 'none', 'operator'),
          fc.constantFrom('form', 'json', 'text', 'codec', 'codec-broken'),
          async (fields, who, as) => {
            const concrete = path
              .replace(':id', String(fields.id ?? '1'))
              .replace(':gateway', 'sandbox')
              .replace(':orderNo', 'R1');
            const headers: Record<string, string> =
              who === 'user' ? { Authorization: user.token } : who === 'operator' ? { Authorization: `Ops ${TEST_OPS_TOKEN}` } : {};
            if (route.method === 'GET') {
              const query = encode(fields as Record<string, string | string[]>);
              await expectEnvelope(await ctx.api.fetch(`${concrete}?${query}`, { headers }), `GET ${route.path}?${query.slice(0, 80)}`);
              return;
            }
            const form = encode(fields as Record<string, string | string[]>);
            const bodies: Record<string, [string, string]> = {
              form: ['application/x-www-form-urlencoded', form],
              json: ['application/json', JSON.stringify(fields)],
              text: ['text/plain', form],
              codec: ['application/x-www-form-urlencoded', `data=${encodeURIComponent(encodeText(form))}`],
              'codec-broken': ['application/x-www-form-urlencoded', `data=${encodeURIComponent(form.slice(0, 40))}`],
            };
            const [contentType, payload] = bodies[as] as [string, string];
            const encrypted: Record<string, string> = as.startsWith('codec') ? { Encryption: '1' } : {};
            await expectEnvelope(
              await ctx.api.fetch(concrete, {
                method: route.method,
                headers: { ...headers, ...encrypted, 'content-type': contentType },
                body: payload,
              }),
              `${route.method} ${route.path} (${as}, ${who}) ${payload.slice(0, 80)}`,
            );
          },
        ),
        { numRuns: 12, seed: 20261122 },
      );
    }
    expect(await moneySnapshot(ctx)).toBe(before);
  }, 300_000);

  it('control characters and lone surrogates in any text field are a clear 400, never a 500', async () => {
    // Every other field holds a plausible value, so the bad one gets as far as it can (the lookups,
    // the database) instead of being stopped early by a neighbour's validation error.
    const plausible: Record<string, string> = {
      phone: other.phone,
      password: 'secret123',
      confirmPassword: 'secret123',
      code: '123456',
      areaCode: '91',
      invitationCode: 'ABCDEF',
      type: 'register',
      nickName: 'Ann',
      sex: '1',
      headUrl: '/core/files/x.png',
      amount: '10',
      bankCardId: '1',
      walletType: 'TRC20',
      assetPassword: '123456',
      fromCoin: 'CASH',
      toCoin: 'CHIP',
      pageNo: '1',
      pageSize: '10',
      coin: 'CHIP',
      level: '1',
      id: '1',
      betName: 'Red',
      baseAmount: '1',
      betMultiples: '1',
      totalBetAmount: '1',
      payChannelName: 'sandbox',
      orderNo: 'R1',
      currency: 'USDT',
      bankName: 'State Bank',
      cardNumber: '123456789012',
      holderName: 'Ann Lee',
      ifsc: 'SBIN0001234',
      address: 'TXYZ',
      reason: 'check',
      key: 'customer_service',
      value: 'https://t.me/x',
      field: 'minWithdraw',
      rate: '1',
      status: 'enable',
      network: 'TRC20',
      txHash: 'abc',
      confirmations: '1',
      sysCfgKeyEnum: 'customer_service',
      by: 'ops',
      levelName: 'Room',
      kind: 'sms',
      limit: '10',
      sessionId: '1',
      account: '9000000000',
      productId: '1',
      advisorName: 'Ann',
      dailyRate: '0.80',
      annualRate: '5',
      minAmount: '10',
      price: '10',
      userId: '1',
    };
    const bad = ['\u0000', 'a\u0000b', '\u0001', 'x\u001b[31m', '\u007f', '\u0085', '\ud800', 'x\udc00y'];
    const routes = appRoutes(ctx.app).filter(
      (r) => r.path.startsWith('/core/') && !r.path.endsWith('/events') && !r.path.startsWith('/core/pay/') && r.path !== MOVES_PLAY_MONEY,
    );
    const before = await moneySnapshot(ctx);
    let refused = 0;
    for (const route of routes) {
      const path = route.path
        .replace(/^\/core/, '')
        .replace(':id', '1')
        .replace(':gateway', 'sandbox')
        .replace(':orderNo', 'R1');
      const headers: Record<string, string> = path.startsWith('/admin/')
        ? { Authorization: `Ops ${TEST_OPS_TOKEN}` }
        : { Authorization: user.token };
      for (const [index, name] of Object.keys(plausible).entries()) {
        const value = bad[index % bad.length] as string;
        const fields = { ...plausible, [name]: value };
        const label = `${route.method} ${route.path} ${name}=${JSON.stringify(value)}`;
        const encoded = encode(fields);
        // Half of the bodies go through the codec, which must not let them past either.
        const viaCodec = index % 2 === 0;
        const response =
          route.method === 'GET'
            ? await ctx.api.fetch(`${path}?${encoded}`, { headers })
            : await ctx.api.fetch(path, {
                method: route.method,
                headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded', ...(viaCodec ? { Encryption: '1' } : {}) },
                body: viaCodec ? `data=${encodeURIComponent(encodeText(encoded))}` : encoded,
              });
        const text = await response.text();
        const envelope = JSON.parse(decodeResponse(text)) as { code: number; result: { field?: string } | null };
        expect(envelope.code, `${label}: ${text.slice(0, 200)}`).not.toBe(500);
        if (envelope.code === 400 && envelope.result?.field === name) refused++;
      }
    }
    // Most routes read few of these fields; the ones they read were refused by name.
    expect(refused).toBeGreaterThan(40);
    expect(await moneySnapshot(ctx)).toBe(before);
  }, 300_000);

  it('oversized and odd requests are refused cleanly', async () => {
    const big = `phone=${'9'.repeat(100_000)}`;
    await expectEnvelope(
      await ctx.api.fetch('/app/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: big,
      }),
      'oversized form',
    );
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(6 * 1024 * 1024)]), 'big.png');
    await expectEnvelope(
      await ctx.api.fetch('/file/upload', { method: 'POST', headers: { Authorization: user.token }, body: form }),
      'oversized upload',
    );
    await expectEnvelope(
      await ctx.api.fetch('/file/upload', {
        method: 'POST',
        headers: { Authorization: user.token, 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x\r\nbroken',
      }),
      'broken multipart',
    );
  });
});
