/** The ledger module's public door: other modules and the composition root import only this file. */

export type { LedgerCheckReport } from './check';
export { checkLedger } from './check';
export type { SystemAccountName, TransferInput, TransferType } from './ledger';
export { balancesOf, lockUserBalances, shardFor, systemBalance, transfer, transferBatch, transferFromSystemSql } from './ledger';
export { systemBalancesByAsset, takenIdempotencyKeys, transferSumFor, transfersRepeatedInADay } from './reads';
export {
  applyMultipleToHeld,
  lockMoneyOut,
  lockTurnoverRows,
  recordExchangeTurnover,
  recordGivenTurnover,
  recordReceivedTurnover,
  recordRechargeTurnover,
  withdrawableOf,
} from './turnover';
