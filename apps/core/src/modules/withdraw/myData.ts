import { formatMoney } from '@prism/domain';
import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type ExportRow, isoOrNull, keysetPages, listRows, mapRows } from '../../db/pages';
import { bankCards, userWallets, withdrawals } from './schema';

/** The player's withdrawals for their data export, oldest first (the destination as it was paid to). */
export function exportWithdrawals(db: Executor, userId: number): AsyncIterable<ExportRow> {
  return mapRows(
    keysetPages((afterId, limit) =>
      db
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.userId, userId), gt(withdrawals.id, afterId)))
        .orderBy(asc(withdrawals.id))
        .limit(limit),
    ),
    (row) => ({
      id: row.id,
      orderNo: row.orderNo,
      time: isoOrNull(row.createdAt),
      coin: row.currency,
      amount: formatMoney(row.amount),
      fee: formatMoney(row.fee),
      receive: formatMoney(row.receive),
      channel: row.channel,
      destination: JSON.stringify(row.destination),
      status: row.status,
      reason: row.reason,
      decidedAt: isoOrNull(row.decidedAt),
    }),
  );
}

/** The player's bank cards and USDT addresses (removed cards included, marked) for their data export. */
export function exportPayoutDestinations(db: Executor, userId: number): AsyncIterable<ExportRow> {
  return listRows(async () => {
    const cards = await db.select().from(bankCards).where(eq(bankCards.userId, userId)).orderBy(asc(bankCards.id));
    const wallets = await db.select().from(userWallets).where(eq(userWallets.userId, userId)).orderBy(asc(userWallets.id));
    return [
      ...cards.map((card) => ({
        kind: 'bankCard',
        bankName: card.bankName,
        number: card.cardNumber,
        holderName: card.holderName,
        ifsc: card.ifsc,
        network: null,
        addedAt: isoOrNull(card.createdAt),
        removedAt: isoOrNull(card.removedAt),
      })),
      ...wallets.map((wallet) => ({
        kind: 'wallet',
        bankName: null,
        number: wallet.address,
        holderName: null,
        ifsc: null,
        network: wallet.network,
        addedAt: isoOrNull(wallet.createdAt),
        removedAt: null,
      })),
    ];
  });
}

/** How many of the user's withdrawals are still in review (account deletion waits for them). */
export async function pendingWithdrawalCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'pending_review')));
  return row?.n ?? 0;
}

/**
 * Erases the user's payout details (account deletion): bank cards and USDT addresses are deleted,
 * and each withdrawal's destination keeps the bank and branch (IFSC) and the last four characters of
 * the account number or address, without the holder's name: an operator can still match a payout to
 * a bank or chain statement, and nobody can read the full number back.
 */
export async function erasePayoutDetails(tx: Executor, userId: number): Promise<void> {
  await tx.delete(bankCards).where(eq(bankCards.userId, userId));
  await tx.delete(userWallets).where(eq(userWallets.userId, userId));
  const rows = await tx
    .select({ id: withdrawals.id, destination: withdrawals.destination })
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId));
  for (const row of rows) {
    await tx
      .update(withdrawals)
      .set({ destination: maskedDestination(row.destination as Record<string, unknown>) })
      .where(eq(withdrawals.id, row.id));
  }
}

const KEPT_DESTINATION_FIELDS = new Set(['bankName', 'ifsc']);
const MASKED_DESTINATION_FIELDS = new Set(['cardNumber', 'address']);

/** A destination with the account number or address cut to its last four characters and every other personal field dropped. */
function maskedDestination(destination: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(destination ?? {})) {
    if (KEPT_DESTINATION_FIELDS.has(key)) out[key] = String(value ?? '');
    else if (MASKED_DESTINATION_FIELDS.has(key)) out[key] = lastFour(String(value ?? ''));
  }
  return out;
}

const lastFour = (text: string): string => (text.length <= 4 ? '*'.repeat(text.length) : `****${text.slice(-4)}`);
