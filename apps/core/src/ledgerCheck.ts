import type { Executor } from './db/client';
import { strandedBets } from './modules/game';
import { checkLedger, type LedgerCheckReport } from './modules/ledger';

/**
 * The whole ledger check: the ledger's own invariants and the game's stakes stranded in finished
 * sessions. The ledger imports no module (the game depends on it, never the reverse), so it is
 * handed the game's part here, in the composition root, as dailySteps.ts hands the earning job its
 * steps. `npm run ledger:check`, the simulation, the benches and the tests run this.
 */
export function checkLedgerAndBets(db: Executor): Promise<LedgerCheckReport> {
  return checkLedger(db, strandedBets);
}
