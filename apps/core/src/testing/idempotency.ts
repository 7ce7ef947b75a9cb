import { sql } from 'drizzle-orm';
import { queryRows, type Transaction } from '../db/client';
import { transfer } from '../modules/ledger';
import type { TestContext } from '.';

/** A gate a test opens when it chooses: the slow step of a first attempt waits on it. */
export function gate(): { wait: () => Promise<void>; open: () => void; reached: Promise<void> } {
  let open: () => void = () => {};
  let reachedResolve: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  const reached = new Promise<void>((resolve) => {
    reachedResolve = resolve;
  });
  return {
    wait: () => {
      reachedResolve();
      return opened;
    },
    open,
    reached,
  };
}

/** The money movement of the request under test: 100.00 CASH from rewards to the user; answers the transfer id. */
export const reward = (ctx: TestContext, userId: number, reference: string) => async (tx: Transaction) => {
  const id = await transfer(
    tx,
    { asset: 'CASH', from: { system: 'rewards' }, to: { userId }, amount: 10_000n, type: 'reward', reference },
    ctx.clock.now(),
  );
  return { transferId: id };
};

/** How many transfers carry `reference`. */
export async function movements(ctx: TestContext, reference: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from ledger_transfers where reference = ${reference}`);
  return row?.n ?? 0;
}
