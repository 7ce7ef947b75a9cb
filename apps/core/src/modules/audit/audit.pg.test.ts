import { afterAll, beforeAll, describe, it } from 'vitest';
import { createTestContext, expectAuditAppendOnly, type TestContext } from '../../testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the audit log on PostgreSQL', () => {
  it('is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    await expectAuditAppendOnly(ctx.db, ctx.clock);
  });
});
