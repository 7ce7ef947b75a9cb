import { ASSETS, type Asset, LIABILITY_LINES, type LiabilityLedgerCheck, WALLET_CURRENCIES } from '@prism/domain';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { type LedgerCheckReport, systemBalance, userBalancesAfter } from '../ledger';
import { pendingWithdrawalsByUser } from '../withdraw';

/** Users read per page of the walk over the ledger's accounts. */
export const BALANCE_PAGE_USERS = 5_000;

export type RunLedgerCheck = (db: Executor) => Promise<LedgerCheckReport>;

/** One player's amounts, one per line of LIABILITY_LINES. */
export interface PlayerAmounts {
  userId: number;
  amounts: bigint[];
}

const lineIndex = new Map<string, number>(LIABILITY_LINES.map((line, i) => [line, i]));
const zeros = () => LIABILITY_LINES.map(() => 0n);

/** Per coin, whether the pending withdrawals add up to the ledger's "withdrawals in flight" account. */
async function inFlightAgrees(tx: Executor, pending: readonly { coin: Asset; amount: bigint }[]): Promise<boolean> {
  for (const coin of WALLET_CURRENCIES) {
    const owed = pending.filter((p) => p.coin === coin).reduce((sum, p) => sum + p.amount, 0n);
    if (owed !== (await systemBalance(tx, 'withdrawals_in_flight', coin))) return false;
  }
  return true;
}

function checkOf(report: LedgerCheckReport, at: Date, agrees: boolean): LiabilityLedgerCheck {
  return {
    at: at.toISOString(),
    ok: report.ok && agrees,
    accounts: report.accounts,
    transfers: report.transfers,
    mismatches: report.mismatches.length,
    negativeUsers: report.negativeUsers.length,
    strandedBets: report.pendingBets.length,
    inFlightAgrees: agrees,
  };
}

/** Walks every user's balances page by page, merging in their pending withdrawals: one pass, in user id order. */
async function walkPlayers(tx: Executor, pending: Map<number, bigint[]>): Promise<PlayerAmounts[]> {
  const players: PlayerAmounts[] = [];
  for (let after = 0; ; ) {
    const rows = await userBalancesAfter(tx, after, BALANCE_PAGE_USERS);
    if (rows.length === 0) break;
    for (const row of rows) {
      let player = players[players.length - 1];
      if (player?.userId !== row.userId) {
        player = { userId: row.userId, amounts: pending.get(row.userId) ?? zeros() };
        pending.delete(row.userId);
        players.push(player);
      }
      const line = lineIndex.get(`balance:${row.asset}`);
      if (line !== undefined) player.amounts[line] = row.balance;
    }
    after = players[players.length - 1]?.userId ?? after;
  }
  // A pending withdrawal always has its owner's account; this keeps it counted even if not.
  for (const [userId, amounts] of pending) players.push({ userId, amounts });
  return players;
}

/**
 * Reads what the snapshot needs on ONE view of the database (a repeatable-read, read-only
 * transaction): the ledger check, every player's balances and pending withdrawals. So the totals,
 * the leaves and the check all describe the same instant, whatever moves meanwhile.
 */
export function readLiabilities(db: Database, clock: Clock, checkLedger: RunLedgerCheck) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const report = await checkLedger(tx);
    const pendingRows = await pendingWithdrawalsByUser(tx);
    const check = checkOf(report, clock.now(), await inFlightAgrees(tx, pendingRows));
    const pending = new Map<number, bigint[]>();
    for (const row of pendingRows) {
      const amounts = pending.get(row.userId) ?? zeros();
      const line = lineIndex.get(`inFlight:${row.coin}`);
      if (line !== undefined) amounts[line] = (amounts[line] ?? 0n) + row.amount;
      pending.set(row.userId, amounts);
    }
    return { check, players: await walkPlayers(tx, pending) };
  });
}

/** The coins of the public view, in the order of ASSETS. */
export const LIABILITY_COINS: readonly Asset[] = ASSETS;
