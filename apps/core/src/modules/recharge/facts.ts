import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { firstUserCredits } from '../ledger';

/**
 * What other modules may ask recharge (docs/money.md, effective invitations): whether an address is
 * one of the platform's deposit addresses, and when each user's first credited recharge was.
 */
export async function isPlatformDepositAddress(db: Executor, address: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from deposit_addresses where lower(address) = lower(${address}) limit 1`,
  );
  return rows.length > 0;
}

/**
 * Each user's first credited recharge (a ledger 'recharge' transfer into their account), for the
 * users `among` selects (a subquery of ids; all users when omitted). Columns: user_id, first_at.
 */
export const firstCreditedRecharges = (among?: SQL): SQL => firstUserCredits('recharge', among);
