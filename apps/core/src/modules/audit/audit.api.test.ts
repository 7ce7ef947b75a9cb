import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectAuditAppendOnly, operatorActor, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { type AuditEntry, recordAudit } from '.';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const asOperator = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
type Page = { list: AuditEntry[]; next: number | null };

describe('the audit log', () => {
  it('lists newest first, filtered by operator, action, target and time, paged by id', async () => {
    const start = ctx.clock.now();
    for (let i = 0; i < 5; i++) {
      ctx.clock.advance(60_000);
      await recordAudit(ctx.db, ctx.clock, operatorActor(21, i % 2 ? 'carol' : 'dave'), {
        action: 'room.update',
        target: { type: 'room', id: i },
        before: { name: `old ${i}` },
        after: { name: `new ${i}` },
      });
    }
    const first = await ctx.api.get<Page>('/admin/audit', { action: 'room.update', limit: '2' }, asOperator);
    expect(first.result.list.map((row) => row.targetId)).toEqual(['4', '3']);
    expect(first.result.list[0]).toMatchObject({
      operatorLogin: 'dave',
      before: { name: 'old 4' },
      after: { name: 'new 4' },
      via: 'console',
    });
    const second = await ctx.api.get<Page>(
      '/admin/audit',
      { action: 'room.update', limit: '2', before: String(first.result.next) },
      asOperator,
    );
    expect(second.result.list.map((row) => row.targetId)).toEqual(['2', '1']);
    const last = await ctx.api.get<Page>(
      '/admin/audit',
      { action: 'room.update', limit: '2', before: String(second.result.next) },
      asOperator,
    );
    expect(last.result).toMatchObject({ next: null });
    expect(last.result.list.map((row) => row.targetId)).toEqual(['0']);

    const carol = await ctx.api.get<Page>('/admin/audit', { operator: 'carol', action: 'room.update' }, asOperator);
    expect(carol.result.list.map((row) => row.targetId)).toEqual(['3', '1']);
    const target = await ctx.api.get<Page>('/admin/audit', { targetType: 'room', targetId: '2' }, asOperator);
    expect(target.result.list).toHaveLength(1);
    const window = await ctx.api.get<Page>(
      '/admin/audit',
      {
        action: 'room.update',
        from: new Date(start.getTime() + 90_000).toISOString(),
        to: new Date(start.getTime() + 200_000).toISOString(),
      },
      asOperator,
    );
    expect(window.result.list.map((row) => row.targetId)).toEqual(['2', '1']);
  });

  it('refuses bad filters and limits above 200', async () => {
    expect((await ctx.api.get('/admin/audit', { limit: '201' }, asOperator)).code).toBe(400);
    expect((await ctx.api.get('/admin/audit', { from: 'yesterday' }, asOperator)).code).toBe(400);
    expect((await ctx.api.get('/admin/audit', {})).code).toBe(401);
  });

  it('is append-only in the database (PGlite): UPDATE, DELETE and TRUNCATE are refused', async () => {
    await expectAuditAppendOnly(ctx.db, ctx.clock);
  });
});
