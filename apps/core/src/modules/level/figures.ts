import { type LevelFigures, WALLET_CURRENCIES } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { jsonValue, type Scalar } from '../../db/scalars';
import { stakedValueSql } from '../game';
import { userCreditTotalSql } from '../ledger';
import { heldPowerSql } from '../power';
import { effectiveDirectInvitesSql } from '../team';

/**
 * The user's figures for the upgrade tasks, read (never written) through the modules that own
 * them, as one statement; the rules of each kind are in domain/engage/levels.ts.
 * - recharge: ledger transfers of type 'recharge' into the user's CASH/USDT accounts (gateway orders and chain deposits);
 * - invite:   direct invitees whose invitation is effective and counts (team module, docs/money.md:
 *             a wallet bound, then the operator's signal, by default a first credited recharge);
 * - bet:      the user's stakes at their value in CASH by the platform's rates (100 POINT count 1 CASH,
 *             1 USDT counts 85), except voided ones (game module, its running totals);
 * - power:    the power the user holds now (live basic and gift holdings, power module).
 */
export function levelFiguresScalar(userId: number): Scalar<LevelFigures> {
  return {
    sql: sql`select json_build_object(
      'recharge', (${userCreditTotalSql(userId, 'recharge', WALLET_CURRENCIES)}),
      'invite', (${effectiveDirectInvitesSql(userId)}),
      'bet', (${stakedValueSql(userId)})::text,
      'power', (${heldPowerSql(userId)})::text)`,
    read: (value) => {
      const row = jsonValue<Record<keyof LevelFigures, string>>(value);
      return { recharge: BigInt(row.recharge), invite: BigInt(row.invite), bet: BigInt(row.bet), power: BigInt(row.power) };
    },
  };
}

export async function levelFigures(db: Executor, userId: number): Promise<LevelFigures> {
  const part = levelFiguresScalar(userId);
  const [row] = await queryRows<{ figures: unknown }>(db, sql`select (${part.sql}) as figures`);
  return part.read(row?.figures);
}
