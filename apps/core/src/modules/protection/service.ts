import { AppError, changeExclusion, type DepositLimits, type Money } from '@prism/domain';
import type { Executor } from '../../db/client';
import { lockedRow, type ProtectionServiceDeps, refuseIfExcluded, rowOf, updateRow } from './context';
import { checkRecharge, fitsAtCredit, protectionSettings, setDepositLimits } from './limits';
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

    async exclude(userId: number, until: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await lockedRow(tx, clock, userId);
        const next = changeExclusion(row.excludedUntil, until, clock.now());
        if (!next.ok) throw new AppError(next.reason === 'SHORTER' ? 'EXCLUSION_CANNOT_SHORTEN' : 'EXCLUSION_DATE_INVALID');
        await updateRow(tx, clock, userId, { excludedUntil: next.until });
      });
    },

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
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;

/** What a module that pays rewards or sells game coins asks of protection (the service's refuseExcluded). */
export type ExclusionGuard = (tx: Executor, userId: number) => Promise<void>;
