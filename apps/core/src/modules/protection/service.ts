import type { DepositLimits, Money } from '@prism/domain';
import type { Executor } from '../../db/client';
import { lockedRow, type ProtectionServiceDeps, refuseIfExcluded, rowOf, updateRow } from './context';
import { exclude, stopForToday } from './exclusion';
import { checkRecharge, fitsAtCredit, protectionSettings, setDepositLimits } from './limits';
import { myPlay } from './myPlay';
import { realityCheck } from './realityCheck';

export type { ProtectionServiceDeps } from './context';
export { formatUntil, refuseIfExcluded } from './context';

/** Wires the player-protection use cases (limits, exclusion, reality check) to their dependencies. */
export function createProtectionService(deps: ProtectionServiceDeps) {
  const { db, clock, config } = deps;
  /** Locks the user's row, then writes `values`: one user's changes are serialised. */
  const change = (userId: number, values: Parameters<typeof updateRow>[3]) =>
    db.transaction(async (tx) => {
      await lockedRow(tx, clock, userId);
      await updateRow(tx, clock, userId, values);
    });

  return {
    /** Read outside the money transaction: on PGlite's single connection nothing may query outside it meanwhile. */
    timeZone: () => config.timeZone(),
    settings: (userId: number) => protectionSettings(deps, userId),

    exclude: (userId: number, until: Date) => exclude(db, clock, userId, until),
    /** The reality check's second choice: a 24-hour self-exclusion, the check acknowledged. */
    stopForToday: (userId: number) => stopForToday(db, clock, userId),

    setLimits: (userId: number, requested: DepositLimits) => setDepositLimits(deps, userId, requested),
    setRealityCheck: (userId: number, minutes: number) => change(userId, { realityCheckMinutes: minutes }),
    acknowledge: (userId: number) => change(userId, { realityAckAt: clock.now() }),
    checkRecharge: (tx: Executor, userId: number, amount: Money, zone: string) => checkRecharge(deps, tx, userId, amount, zone),
    fitsAtCredit: (tx: Executor, userId: number, amount: Money, zone: string) => fitsAtCredit(deps, tx, userId, amount, zone),

    /**
     * Refuses, inside the caller's transaction, what feeds play while an exclusion runs: exchanges
     * into a game coin, sign-in, taps, gift codes and level rewards (docs/protection.md, the table).
     */
    refuseExcluded: async (tx: Executor, userId: number): Promise<void> => {
      refuseIfExcluded((await rowOf(tx, userId))?.excludedUntil, clock.now());
    },

    /** Refuses the sandbox's simulated deposit while excluded (real chain deposits are always credited). */
    async checkExcluded(userId: number): Promise<void> {
      refuseIfExcluded((await rowOf(db, userId))?.excludedUntil, clock.now());
    },

    realityCheck: (userId: number) => realityCheck(deps, userId),
    myPlay: (userId: number, days: number) => myPlay(deps, userId, days),
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;

/** What a module that pays rewards or sells game coins asks of protection (the service's refuseExcluded). */
export type ExclusionGuard = (tx: Executor, userId: number) => Promise<void>;
