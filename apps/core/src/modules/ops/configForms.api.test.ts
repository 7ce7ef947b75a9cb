import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { auditLog } from '../audit/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.api.post('/admin/wallet/rate', { fromCoin: 'GOLD', toCoin: 'CASH', rate: '2' }, asOperator);
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
const STALE_FORM = 11409;
type Row = Record<string, unknown> & { updatedAt: string };
type Form = Record<string, string>;

/**
 * One configuration form: how the console reads its row (with the stamp it sends back), a change
 * to send, how to see the changed value, and the audit action the change writes.
 */
interface FormCase {
  name: string;
  read: () => Promise<Row>;
  post: string;
  form: (row: Row, value: string) => Form;
  value: (row: Row) => unknown;
  values: [string, string, string];
  action: string;
}

const get = async <T>(path: string, query: Form = {}) => {
  const answer = await ctx.api.get<T>(path, query, asOperator);
  expect(answer.code).toBe(200);
  return answer.result;
};
const first = async (path: string, pick: (row: Row) => boolean = () => true, query: Form = {}) => {
  const rows = await get<Row[]>(path, query);
  const row = rows.find(pick);
  if (!row) throw new Error(`no row at ${path}`);
  return row;
};
const lastAudit = async (action: string) =>
  (await ctx.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1))[0];

const powerForm = (row: Row, name: string): Form => ({
  id: String(row.id),
  cateId: String(row.cateId),
  cateName: String(row.cateName),
  name,
  coin: String(row.coin),
  price: String(row.price),
  power: String(row.power),
  termDays: String(row.termDays),
  dailyRateBps: String(row.dailyRateBps),
  feeBps: String(row.feeBps),
  dailyLimit: String(row.dailyLimit),
});

const cases: FormCase[] = [
  {
    name: 'game room',
    read: () => first('/admin/game/levels', (row) => row.level === 1),
    post: '/admin/game/levels',
    form: (_row, levelName) => ({ level: '1', levelName }),
    value: (row) => row.levelName,
    values: ['Fast room', 'Stale room', 'CLI room'],
    action: 'room.update',
  },
  {
    name: 'level',
    read: () => first('/admin/levels', (row) => row.level === 1),
    post: '/admin/levels',
    form: (_row, name) => ({ level: '1', name }),
    value: (row) => row.name,
    values: ['Bronze', 'Stale', 'Silver'],
    action: 'level.update',
  },
  {
    name: 'level task',
    read: async () => ((await first('/admin/levels', (row) => (row.tasks as Row[]).length > 0)).tasks as Row[])[0] as Row,
    post: '/admin/levels/tasks',
    form: (row, reward) => ({ id: String(row.id), reward }),
    value: (row) => row.reward,
    values: ['1.50', '9.00', '2.00'],
    action: 'levelTask.update',
  },
  {
    name: 'content page',
    read: () => get<Row>('/admin/content', { type: 'about', locale: 'en-US' }),
    post: '/admin/content',
    form: (_row, title) => ({ type: 'about', locale: 'en-US', title, content: 'Body' }),
    value: (row) => row.title,
    values: ['About us', 'Stale about', 'About Prism'],
    action: 'content.update',
  },
  {
    name: 'power package',
    read: () => first('/admin/powerSessions'),
    post: '/admin/powerSessions',
    form: powerForm,
    value: (row) => row.name,
    values: ['Starter', 'Stale', 'Starter+'],
    action: 'powerSession.update',
  },
  {
    name: 'follow-invest product',
    read: () => first('/admin/followInvest/products'),
    post: '/admin/followInvest/products',
    form: (row, advisorName) => ({ id: String(row.id), advisorName }),
    value: (row) => row.advisorName,
    values: ['Ada', 'Stale', 'Grace'],
    action: 'followInvestProduct.update',
  },
  {
    name: 'fixed-deposit product',
    read: () => first('/admin/fixedDeposit/products'),
    post: '/admin/fixedDeposit/products',
    form: (row, name) => ({ id: String(row.id), name }),
    value: (row) => row.name,
    values: ['Week', 'Stale', 'Seven days'],
    action: 'fixedDepositProduct.update',
  },
  {
    name: 'wallet configuration',
    read: () => get<Row>('/admin/wallet/config', { currency: 'USDT' }),
    post: '/admin/wallet/config',
    form: (_row, value) => ({ currency: 'USDT', field: 'withdrawLimitSingleDay', value }),
    value: (row) => row.withdrawLimitSingleDay,
    values: ['5000.00', '1.00', '6000.00'],
    action: 'wallet.configure',
  },
  {
    name: 'exchange rate',
    read: () => first('/admin/wallet/rates', (row) => row.fromCoin === 'GOLD' && row.toCoin === 'CASH'),
    post: '/admin/wallet/rate',
    form: (_row, rate) => ({ fromCoin: 'GOLD', toCoin: 'CASH', rate }),
    value: (row) => row.rate,
    values: ['1.5', '9', '1.25'],
    action: 'wallet.rate',
  },
  {
    name: 'system setting',
    read: () => first('/admin/config', (row) => row.key === 'CUSTOMER_SERVICE_URL'),
    post: '/admin/config',
    form: (_row, value) => ({ key: 'CUSTOMER_SERVICE_URL', value }),
    value: (row) => row.value,
    values: ['https://t.me/prism_help', 'https://stale.example', 'https://t.me/prism_cli'],
    action: 'config.set',
  },
];

describe('configuration forms: stale forms refused, every change audited', () => {
  it.each(cases)('$name', async ({ read, post, form, value, values: [fresh, stale, cli], action }) => {
    const read0 = await read();
    ctx.clock.advance(1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const saved = await ctx.api.post(post, { ...form(read0, fresh), expectedUpdatedAt: read0.updatedAt }, asOperator);
    expect(saved.code, saved.message).toBe(200);
    const read1 = await read();
    expect(value(read1)).toBe(fresh);
    expect(read1.updatedAt).not.toBe(read0.updatedAt);

    const audit = await lastAudit(action);
    expect(audit).toMatchObject({ operatorLogin: 'test-owner', via: 'api' });
    expect(value(audit?.before as Row)).toBe(value(read0));
    expect(value(audit?.after as Row)).toBe(fresh);

    // A second form still holding the first stamp is refused and changes nothing, not even the stamp.
    const refused = await ctx.api.post(post, { ...form(read0, stale), expectedUpdatedAt: read0.updatedAt }, asOperator);
    expect(refused.code).toBe(STALE_FORM);
    expect(refused.message).toBe('Someone else changed this; reload it');
    expect(await read()).toEqual(read1);
    expect((await lastAudit(action))?.id).toBe(audit?.id);

    // The CLI sends no stamp: it writes as it always did, and is audited too.
    ctx.clock.advance(1000);
    const unconditional = await ctx.api.post(post, form(read1, cli), asOperator);
    expect(unconditional.code, unconditional.message).toBe(200);
    expect(value(await read())).toBe(cli);
    expect((await lastAudit(action))?.id).toBeGreaterThan(audit?.id ?? 0);
  });

  it('names the field of a malformed stamp and changes nothing', async () => {
    const before = await first('/admin/levels', (row) => row.level === 2);
    const answer = await ctx.api.post('/admin/levels', { level: '2', name: 'X', expectedUpdatedAt: 'yesterday' }, asOperator);
    expect(answer.code).toBe(400);
    expect(answer.result).toMatchObject({ field: 'expectedUpdatedAt' });
    expect(await first('/admin/levels', (row) => row.level === 2)).toEqual(before);
  });

  it('names the field of bad input and changes nothing', async () => {
    const before = await get<Row>('/admin/wallet/config', { currency: 'USDT' });
    const answer = await ctx.api.post(
      '/admin/wallet/config',
      { currency: 'USDT', field: 'withdrawFeeRate', value: 'lots', expectedUpdatedAt: before.updatedAt },
      asOperator,
    );
    expect(answer.code).toBe(400);
    expect(answer.result).toMatchObject({ field: 'value' });
    expect(await get<Row>('/admin/wallet/config', { currency: 'USDT' })).toEqual(before);

    // A new product lacking a term names the first field missing, and adds nothing.
    const products = await get<Row[]>('/admin/followInvest/products');
    const advisor = await ctx.api.post('/admin/followInvest/products', { advisorName: 'New', price: '10' }, asOperator);
    expect(advisor.result).toMatchObject({ field: 'days' });
    const deposit = await ctx.api.post('/admin/fixedDeposit/products', { name: 'New', days: '7', minAmount: '1' }, asOperator);
    expect(deposit.result).toMatchObject({ field: 'annualRate' });
    expect(await get<Row[]>('/admin/followInvest/products')).toEqual(products);
  });

  it('audits gift codes and broadcasts as they are created, and lists a code’s redemptions', async () => {
    const code = await ctx.api.post<{ id: number; code: string }>(
      '/admin/giftCodes',
      { asset: 'CASH', amount: '5', totalUses: '3', days: '7' },
      asOperator,
    );
    expect(code.code).toBe(200);
    expect(await lastAudit('giftCode.create')).toMatchObject({ targetType: 'giftCode', targetId: String(code.result.id), before: null });
    const redemptions = await get<{ code: { id: number }; content: unknown[]; totalElements: number }>(
      `/admin/giftCodes/${encodeURIComponent(code.result.code)}/redemptions`,
    );
    expect(redemptions).toMatchObject({ code: { id: code.result.id }, content: [], totalElements: 0 });
    expect((await ctx.api.get('/admin/giftCodes/NOPE-NOPE/redemptions', {}, asOperator)).code).toBe(404);

    const broadcast = await ctx.api.post<{ id: number }>('/admin/broadcasts', { title: 'Hello', text: 'News' }, asOperator);
    expect(broadcast.code).toBe(200);
    const audit = await lastAudit('broadcast.create');
    expect(audit).toMatchObject({ targetType: 'broadcast', targetId: String(broadcast.result.id) });
    expect(audit?.after).toMatchObject({ title: 'Hello' });
  });

  it('replaces the introduction PDF players open, refusing a stale upload and anything not a PDF', async () => {
    type Info = { size: number; sha256: string; updatedAt: string };
    const upload = (bytes: Uint8Array, stamp?: string) => {
      const body = new FormData();
      body.append('file', new Blob([bytes], { type: 'application/pdf' }), 'introduction.pdf');
      const query = stamp ? `?expectedUpdatedAt=${encodeURIComponent(stamp)}` : '';
      return ctx.api.send<Info>(`/admin/content/pdf${query}`, { method: 'POST', body, headers: asOperator.headers });
    };
    const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.4\n${text}\n%%EOF`);
    expect(await get('/admin/content/pdf')).toBeNull();
    const notPdf = await upload(new TextEncoder().encode('<html>'));
    expect(notPdf.code).toBe(400);
    expect(notPdf.result).toMatchObject({ field: 'file' });

    const first = await upload(pdf('one'));
    expect(first.code, first.message).toBe(200);
    expect(await lastAudit('content.pdf')).toMatchObject({ before: null, after: { sha256: first.result.sha256 } });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = await upload(pdf('two'), first.result.updatedAt);
    expect(second.code, second.message).toBe(200);
    const stale = await upload(pdf('three'), first.result.updatedAt);
    expect(stale.code).toBe(STALE_FORM);
    const served = await fetch(`${ctx.url}/docs/introduction.pdf`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdf('two'));
  });
});
