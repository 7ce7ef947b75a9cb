import { HttpClient } from '@prism/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { findCommand } from '.';

/** `npm run ops -- invest ...`: the operator edits advisor products and deposit terms. */
let ctx: TestContext;
let http: HttpClient;
beforeAll(async () => {
  ctx = await createTestContext();
  http = new HttpClient({ baseURL: `${ctx.url}/core/`, getToken: () => `Ops ${TEST_OPS_TOKEN}` });
});
afterAll(() => ctx.close());

async function ops(line: string): Promise<unknown> {
  const found = findCommand(line.split(' '));
  if (!found) throw new Error(`no command for "${line}"`);
  return found.command.run(found.rest, http);
}

describe('npm run ops -- invest', () => {
  it('adds, changes and lists advisor products; a bad rate is refused with the field named', async () => {
    const added = (await ops('invest advisor set --name Mina --price 50 --days 10 --daily-rate 0.50 --gift-rate 1')) as Record<
      string,
      unknown
    >;
    expect(added).toMatchObject({
      advisorName: 'Mina',
      price: '50.00',
      days: 10,
      dailyRate: '0.50%',
      totalReturnRate: '5.00%',
      giftRate: '1.00%',
    });
    await ops(`invest advisor set --id ${added.id} --disable`);
    const listed = (await ops('invest advisor list')) as { id: number; enabled: boolean }[];
    expect(listed.find((p) => p.id === added.id)?.enabled).toBe(false);
    expect(listed.length).toBeGreaterThanOrEqual(4);
    await expect(ops(`invest advisor set --id ${added.id} --daily-rate 101`)).rejects.toThrow(/dailyRate/);
    await expect(ops('invest advisor set --name Nobody')).rejects.toThrow(/price/);
  });

  it('adds and lists fixed-deposit terms', async () => {
    const added = (await ops('invest deposit set --name 60d --days 60 --annual-rate 6.50 --min 20')) as Record<string, unknown>;
    expect(added).toMatchObject({ name: '60d', days: 60, annualRate: '6.50%', minAmount: '20.00' });
    const listed = (await ops('invest deposit list')) as { id: number }[];
    expect(listed.some((p) => p.id === added.id)).toBe(true);
    await expect(ops('invest deposit set --days 0')).rejects.toThrow(/days/);
  });
});
