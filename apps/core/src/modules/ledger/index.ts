/** The ledger module's public door: other modules and the composition root import only this file. */

export type { LedgerCheckReport, StrandedBet } from './check';
export { checkLedger } from './check';
export type { SystemAccountName, TransferInput, TransferType } from './ledger';
export {
  balancesOf,
  lockUserBalances,
  SYSTEM_SHARDS,
  shardFor,
  systemBalance,
  systemBatchSql,
  transfer,
  transferBatch,
  transferBatchSql,
  transferFromSystemSql,
} from './ledger';
export { exportUserTransfers, nonZeroBalances } from './myData';
export {
  auditedTransfersPerReference,
  balancesJsonSql,
  creditTotalsJsonSql,
  firstUserCredits,
  idempotencyKeyTakenSql,
  movedPerUser,
  systemBalancesByAsset,
  takenIdempotencyKeys,
  transferKeys,
  transferSumFor,
  transfersAfterSql,
  transfersPerReference,
  transfersRepeatedInADay,
  transferTotalsUpTo,
  turnoverBookJsonSql,
  userAccountsOf,
  userBalancesAfter,
  userCreditsBetween,
  userCreditsOf,
  userCreditTotalSql,
  userMovesSql,
} from './readModels';
export {
  applyMultipleToHeld,
  lockMoneyOut,
  lockTurnoverRows,
  recordExchangeTurnover,
  recordGivenTurnover,
  recordReceivedTurnover,
  recordRechargeTurnover,
  turnoverState,
  waiveTurnover,
  withdrawableOf,
} from './turnover';
