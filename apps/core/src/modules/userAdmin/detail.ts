import { formatMoney } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { userSessions } from '../auth';
import { balancesOf, userMovesSql } from '../ledger';
import type { ProtectionService } from '../protection';
import { teamTiers, type UserRow } from '../user';

/** The account as an operator sees it: no password hashes. */
export function userView(user: UserRow) {
  return {
    id: user.id,
    phone: user.phone,
    areaCode: user.areaCode,
    nickName: user.nickName,
    invitationCode: user.invitationCode,
    parentId: user.parentId,
    level: user.level,
    userStatus: user.userStatus,
    locale: user.locale,
    hasPaymentPassword: user.assetPasswordHash !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** GET users/:id: the account, balances per coin, protection settings, Telegram link, sessions, team per tier. */
export async function userDetail(db: Database, protection: ProtectionService, user: UserRow) {
  const [balances, settings, sessions, team] = await Promise.all([
    balancesOf(db, user.id),
    protection.settings(user.id),
    userSessions(db, user.id),
    teamTiers(db, user.id),
  ]);
  return {
    user: userView(user),
    balances: Object.entries(balances).map(([coin, balance]) => ({ coin, balance: formatMoney(balance) })),
    protection: settings,
    telegram: { linked: user.telegramId !== null, telegramId: user.telegramId, username: user.telegramUsername },
    sessions,
    // As COMMON.md's contract names them: tier1..tier3, each a count and its first members.
    team: Object.fromEntries(team.map(({ tier, count, first }) => [`tier${tier}`, { count, first }])),
  };
}

/** GET users/:id/ledger: the user's transfers, newest first, before transfer id `before`; `amount` signed (in positive). */
export async function userLedgerPage(db: Database, userId: number, before: number | undefined, limit: number) {
  const rows = await queryRows<{ id: string; asset: string; type: string; reference: string; created_at: Date | string; signed: string }>(
    db,
    sql`select id::text as id, asset, type, reference, created_at, signed::text as signed from (${userMovesSql(userId, {})}) m
        ${before === undefined ? sql`` : sql`where id < ${before}`} order by m.id desc limit ${limit}`,
  );
  const list = rows.map((row) => ({
    id: Number(row.id),
    at: new Date(row.created_at).toISOString(),
    coin: row.asset,
    type: row.type,
    reference: row.reference,
    amount: formatMoney(BigInt(row.signed)),
  }));
  return { list, next: list.length === limit ? (list[list.length - 1]?.id ?? null) : null };
}
