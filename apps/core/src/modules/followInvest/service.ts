import type { Money } from '@prism/domain';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { userHoldingsPage } from '../holding';
import { adminProducts, type FollowInvestProductSetting, productWarningsOf, saveProduct } from './admin';
import { placeOrder, productsOnOffer, quoteOrder } from './orders';
import { advisorOrders } from './schema';
import { toOrderView } from './views';

/**
 * Follow-invest: an advisor's products, the quote shown before an order, orders
 * (principal to 'advisor_stakes', the gift from 'rewards'), and the user's
 * orders. The daily job pays earnings and maturities (steps.ts); what every
 * holding product shares is the holding module's.
 */
export function createFollowInvestService({ db, clock, config }: { db: Database; clock: Clock; config: ConfigService }) {
  return {
    /** Products on offer, in the operator's order. */
    products: () => productsOnOffer(db, clock.now()),
    quote: (productId: number, amount: Money) => quoteOrder(db, { productId, amount, now: clock.now(), zone: () => config.timeZone() }),
    /** The platform time zone, read before a money transaction opens (the transaction may hold the only connection). */
    timeZone: () => config.timeZone(),
    /** Places an order inside the caller's (idempotent) transaction. */
    buy: (tx: Executor, userId: number, input: { productId: number; amount: Money }, zone: string) =>
      placeOrder(tx, clock.now(), { userId, input, zone }),
    /** The user's orders, newest first. */
    orders: (userId: number, pageNo: number, pageSize: number) =>
      userHoldingsPage(db, advisorOrders, toOrderView, { userId, pageNo, pageSize }),
    adminList: () => adminProducts(db),
    negativeReturnWarnings: () => productWarningsOf(db),
    adminSet: (input: FollowInvestProductSetting) => saveProduct(db, clock.now(), input),
  };
}

export type FollowInvestService = ReturnType<typeof createFollowInvestService>;
