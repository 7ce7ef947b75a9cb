import type { Money } from '@prism/domain';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { userHoldingsPage } from '../holding';
import { adminProducts, type DepositProductSetting, saveProduct } from './admin';
import { openDeposit, productsOnOffer, quoteDeposit, transferOut } from './deposits';
import { fixedDeposits } from './schema';
import { toDepositView } from './views';

/**
 * Fixed deposits: products (terms), the quote shown before opening, opening
 * (principal to 'fixed_deposits'), the user's holdings, and transfer-out
 * (partial allowed) which returns the amount and stops it earning. Interest
 * and term-end returns are the daily job's (steps.ts); what every holding
 * product shares is the holding module's.
 */
export function createFixedDepositService({ db, clock, config }: { db: Database; clock: Clock; config: ConfigService }) {
  return {
    config: () => productsOnOffer(db),
    quote: (productId: number, amount: Money) => quoteDeposit(db, { productId, amount, now: clock.now(), zone: () => config.timeZone() }),
    /** The platform time zone, read before a money transaction opens (the transaction may hold the only connection). */
    timeZone: () => config.timeZone(),
    /** Opens a deposit inside the caller's (idempotent) transaction. */
    deposit: (tx: Executor, userId: number, input: { productId: number; amount: Money }, zone: string) =>
      openDeposit(tx, clock.now(), { userId, input, zone }),
    transferOut: (tx: Executor, userId: number, input: { id: number; amount: Money }) => transferOut(tx, clock.now(), { userId, input }),
    /** The user's deposits, newest first. */
    list: (userId: number, pageNo: number, pageSize: number) =>
      userHoldingsPage(db, fixedDeposits, toDepositView, { userId, pageNo, pageSize }),
    adminList: () => adminProducts(db),
    adminSet: (input: DepositProductSetting) => saveProduct(db, () => clock.now(), input),
  };
}

export type FixedDepositService = ReturnType<typeof createFixedDepositService>;
