import { AppError, formatMoney, WALLET_CURRENCIES } from '@prism/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import { type Database, type Executor, queryRows } from '../../db/client';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { recentBets } from '../game';
import { balancesOf, userMovesSql, withdrawableOf } from '../ledger';
import { findUserById } from '../user';
import { bankCards, withdrawals } from './schema';
import { toWithdrawalView } from './view';

/** The age buckets of pending withdrawals on the dashboard, upper bounds in hours. */
const AGE_BUCKETS: readonly { bucket: string; underHours: number }[] = [
  { bucket: '<1h', underHours: 1 },
  { bucket: '1-6h', underHours: 6 },
  { bucket: '6-24h', underHours: 24 },
  { bucket: '>24h', underHours: Number.POSITIVE_INFINITY },
];

/** Withdrawals waiting for review: how many, the oldest, and how many per age (from withdrawals_status_idx). */
export async function pendingWithdrawalSummary(db: Executor, now: Date) {
  const rows = await queryRows<{ created_at: Date | string }>(
    db,
    sql`select created_at from withdrawals where status = 'pending_review' order by created_at limit 10000`,
  );
  const ages = rows.map((row) => (now.getTime() - new Date(row.created_at).getTime()) / 3_600_000);
  let lower = Number.NEGATIVE_INFINITY;
  const byAge = AGE_BUCKETS.map(({ bucket, underHours }) => {
    const count = ages.filter((age) => age >= lower && age < underHours).length;
    lower = underHours;
    return { bucket, count };
  });
  const oldest = rows[0]?.created_at;
  return { count: rows.length, oldestAt: oldest ? new Date(oldest).toISOString() : null, byAge };
}

/**
 * The operators' metrics (platform/metrics.ts): how many withdrawals wait for review, how many of them
 * for more than an hour, and the oldest's age in seconds. One aggregate over withdrawals_status_idx.
 */
export async function pendingWithdrawalAges(db: Executor, now: Date) {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const [row] = await queryRows<{ pending: number; over_hour: number; oldest: Date | string | null }>(
    db,
    sql`select count(*)::int as pending, count(*) filter (where created_at < ${hourAgo.toISOString()}::timestamptz)::int as over_hour, min(created_at) as oldest
          from withdrawals where status = 'pending_review'`,
  );
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
  return {
    pending: Number(row?.pending ?? 0),
    olderThanHour: Number(row?.over_hour ?? 0),
    oldestSeconds: oldest === undefined ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
  };
}

async function withdrawalRow(db: Executor, id: number) {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The user's money in and how much of it bets still hold back, per coin of the wallet. */
async function turnoverContext(db: Executor, userId: number) {
  const balances = await balancesOf(db, userId);
  return Promise.all(
    WALLET_CURRENCIES.map(async (coin) => {
      const balance = balances[coin] ?? 0n;
      const withdrawable = await withdrawableOf(db, userId, coin, balance);
      return { coin, balance: formatMoney(balance), withdrawable: formatMoney(withdrawable), held: formatMoney(balance - withdrawable) };
    }),
  );
}

/** The user's last recharges (the ledger's credits of type recharge), newest first. */
async function depositsOf(db: Executor, userId: number) {
  const rows = await queryRows<{ id: string; asset: string; reference: string; created_at: Date | string; signed: string }>(
    db,
    sql`select id::text as id, asset, reference, created_at, signed::text as signed from (${userMovesSql(userId, { type: 'recharge' })}) m
        order by m.id desc limit 20`,
  );
  return rows.map((row) => ({
    id: Number(row.id),
    coin: row.asset,
    amount: formatMoney(BigInt(row.signed)),
    reference: row.reference,
    at: new Date(row.created_at).toISOString(),
  }));
}

/**
 * A withdrawal as the review queue shows it (destination masked) with the user's context: deposits,
 * turnover, recent bets, and other accounts seen at the user's sign-in addresses. No device is
 * recorded anywhere, so `sharedDevice` is always empty (`deviceRecorded: false` says so).
 */
/** Other accounts seen at the user's sign-in addresses (auth's, handed in by the composition root: auth depends on withdraw). */
export type LoginPeers = (db: Executor, clock: Clock, userId: number) => Promise<{ address: string; userIds: number[] }[]>;

export async function withdrawalDetail(db: Database, clock: Clock, loginPeers: LoginPeers, id: number) {
  const row = await withdrawalRow(db, id);
  const [deposits, turnover, bets, sharedAddress] = await Promise.all([
    depositsOf(db, row.userId),
    turnoverContext(db, row.userId),
    recentBets(db, row.userId, 20),
    loginPeers(db, clock, row.userId),
  ]);
  return {
    withdrawal: { ...toWithdrawalView(row), userId: row.userId, autoApproved: row.autoApproved, decidedBy: row.decidedBy },
    context: {
      deposits,
      turnover,
      recentBets: bets.map((bet) => ({
        at: new Date(bet.created_at).toISOString(),
        coin: bet.coin,
        stake: formatMoney(BigInt(bet.total)),
        payout: formatMoney(BigInt(bet.payout)),
      })),
      sharedAddress,
      sharedDevice: [] as number[],
      deviceRecorded: false,
    },
  };
}

/** Everything needed to pay a withdrawal, unmasked: the card's full number (from the card itself), holder, IFSC, the user's phone, or the address. */
export async function withdrawalPayout(db: Executor, id: number) {
  const row = await withdrawalRow(db, id);
  const destination = row.destination as Record<string, string | undefined>;
  const user = await findUserById(db, row.userId);
  const cardId = Number(destination.cardId);
  const [card] = Number.isInteger(cardId)
    ? await db
        .select()
        .from(bankCards)
        .where(and(eq(bankCards.id, cardId), eq(bankCards.userId, row.userId)))
        .orderBy(desc(bankCards.id))
    : [];
  return {
    id: row.id,
    orderNo: row.orderNo,
    userId: row.userId,
    currency: row.currency,
    channel: row.channel,
    amount: formatMoney(row.amount),
    fee: formatMoney(row.fee),
    receive: formatMoney(row.receive),
    bankName: card?.bankName ?? destination.bankName ?? null,
    accountNumber: card?.cardNumber ?? null,
    holder: card?.holderName ?? destination.holderName ?? null,
    ifsc: card?.ifsc ?? destination.ifsc ?? null,
    phone: user ? `+${user.areaCode} ${user.phone}` : null,
    telegramUsername: user?.telegramUsername ?? null,
    chainAddress: row.channel === 'bank' ? null : (destination.address ?? null),
  };
}

const idParams = z.object({ id: field.integer(1, Number.MAX_SAFE_INTEGER) });

/** GET withdrawals/:id (context) and GET withdrawals/:id/payout (unmasked, audited as 'withdrawal.viewPayout'). */
export function withdrawDetailRoutes({ db, clock, loginPeers }: { db: Database; clock: Clock; loginPeers: LoginPeers }): Router {
  const router = Router();
  router.get('/withdrawals/:id', permit('withdrawals.read'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    ok(res, await withdrawalDetail(db, clock, loginPeers, id));
  });
  router.get('/withdrawals/:id/payout', permit('withdrawals.payoutDetails'), async (req, res) => {
    const { id } = parseInput(idParams, req.params);
    const payout = await db.transaction(async (tx) => {
      const details = await withdrawalPayout(tx, id);
      // Who saw whose payout details, and when: written with the read, so no view goes unrecorded.
      await recordAudit(tx, clock, actorOf(req), { action: 'withdrawal.viewPayout', target: { type: 'withdrawal', id } });
      return details;
    });
    ok(res, payout);
  });
  return router;
}
