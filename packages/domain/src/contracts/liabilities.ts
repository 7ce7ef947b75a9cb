import type { Asset } from '../constants';
import type { LiabilityProof } from '../proof/proofFile';

/** Per coin, what the platform owes its players in a snapshot (decimal strings, 2 decimals). */
export interface LiabilityCoinTotal {
  coin: Asset;
  /** The sum of every player's balance of the coin. */
  owed: string;
  /** The sum of the players' pending withdrawals of the coin (money in flight, still owed). */
  inFlight: string;
}

/** The ledger check run with the snapshot, on the same view of the ledger. */
export interface LiabilityLedgerCheck {
  at: string;
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Accounts whose balance differs from their transfers, user balances below zero, stranded bets. */
  mismatches: number;
  negativeUsers: number;
  strandedBets: number;
  /** Whether the pending withdrawals equal the ledger's "withdrawals in flight" account, coin by coin. */
  inFlightAgrees: boolean;
}

/** GET /core/app/public/liabilities: the latest snapshot, or null before the first. */
export interface LiabilitiesSnapshotView {
  id: number;
  takenAt: string;
  /** SHA-256 of the tree's root node, lowercase hex: what every player's proof must reach. */
  root: string;
  /** The root's sums in minor units, one per line (what the proofs' roots carry). */
  rootSums: string[];
  lines: string[];
  /** How many players' leaves the tree holds. */
  players: number;
  coins: LiabilityCoinTotal[];
  ledgerCheck: LiabilityLedgerCheck;
}

/** GET /core/app/public/liabilities/history: one page of past snapshots, newest first. */
export interface LiabilitiesHistoryItem {
  id: number;
  takenAt: string;
  root: string;
  players: number;
  ledgerOk: boolean;
  /** Whether players can still fetch their proof of this snapshot (docs/liabilities.md, "What is kept"). */
  proofsKept: boolean;
}

/** GET /core/app/user/liabilities/proof: the caller's own proof, or why there is none. */
export interface MyLiabilityProof {
  proof: LiabilityProof | null;
  /** Why proof is null: no snapshot yet, or the caller held nothing at the snapshot's time. */
  reason: 'noSnapshot' | 'notIncluded' | null;
}
