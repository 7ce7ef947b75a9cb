import type { LevelFigures } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * The user's figures for the upgrade tasks, read (never written) from the
 * tables their modules own; the rules of each kind are in domain/engage/levels.ts.
 * - recharge: ledger transfers of type 'recharge' into the user's CASH/USDT accounts (gateway orders and chain deposits);
 * - invite:   direct invitees who ever bound a withdrawal wallet or a bank card (withdraw module);
 *             an invitation stays effective if the card is later removed;
 * - bet:      the total of the user's bets except voided (DRAW) ones (game module);
 * - power:    the power the user holds now (live basic and gift holdings, power module).
 */
export async function levelFigures(db: Executor, userId: number): Promise<LevelFigures> {
  const [row] = await queryRows<{ recharge: string; invite: string; bet: string; power: string }>(
    db,
    sql`select
      (select coalesce(sum(t.amount), 0)::text
         from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
        where a.user_id = ${userId} and t.type = 'recharge' and t.asset in ('CASH', 'USDT')) as recharge,
      (select count(*)::text from users u
        where u.parent_id = ${userId}
          and (exists (select 1 from user_wallets w where w.user_id = u.id)
               or exists (select 1 from bank_cards b where b.user_id = u.id))) as invite,
      (select coalesce(sum(total), 0)::text from game_bets where user_id = ${userId} and status <> 'DRAW') as bet,
      (select coalesce(sum(power), 0)::text from power_holdings where user_id = ${userId} and matured_at is null) as power`,
  );
  return {
    recharge: BigInt(row?.recharge ?? '0'),
    invite: BigInt(row?.invite ?? '0'),
    bet: BigInt(row?.bet ?? '0'),
    power: BigInt(row?.power ?? '0'),
  };
}
