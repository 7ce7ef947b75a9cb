import type { LevelFigures } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { jsonValue, type Scalar } from '../../db/scalars';
import { stakedValueSql } from '../game';
import { effectiveInvitationsOf } from '../team';

/**
 * The user's figures for the upgrade tasks, read (never written) from the
 * tables their modules own; the rules of each kind are in domain/engage/levels.ts.
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
      'recharge', (select coalesce(sum(t.amount), 0)::text
         from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
        where a.user_id = ${userId} and t.type = 'recharge' and t.asset in ('CASH', 'USDT')),
      'invite', (select count(*)::text from users u
        where u.parent_id = ${userId}
          and u.id in (select user_id from (${effectiveInvitationsOf(sql`select id from users where parent_id = ${userId}`)}) e)),
      'bet', (${stakedValueSql(userId)})::text,
      'power', (select coalesce(sum(power), 0)::text from power_holdings where user_id = ${userId} and matured_at is null))`,
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
