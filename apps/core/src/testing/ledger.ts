/** The tests' ledger check: the whole one (the ledger's invariants and the game's stranded bets, ledgerCheck.ts). */
export { checkLedgerAndBets as checkLedger } from '../ledgerCheck';
