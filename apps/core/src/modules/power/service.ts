import type { Executor } from '../../db/client';
import { readsOf } from '../../db/replicas';
import {
  adminPowerSessions,
  powerCategories,
  powerConfig,
  powerNegativeReturnWarnings,
  powerSessionList,
  savePowerSession,
} from './catalog';
import type { PowerServiceDeps, PowerSessionInput } from './context';
import { givePower } from './gift';
import { powerRecordPage, userPower } from './holdings';
import { buyPower } from './purchase';

export type { PowerServiceDeps, PowerSessionInput } from './context';

/**
 * The task platform (DoubleInvest): packages, holdings, purchases and gifts,
 * records, and the figures getUserInfo and team stats read. The daily income,
 * fee and maturity are its daily steps (steps.ts). The factory only wires the use cases.
 */
export function createPowerService(deps: PowerServiceDeps) {
  const { db, clock, config } = deps;
  const reads = readsOf(deps.reads, db);
  return {
    config: () => powerConfig(deps),
    list: (userId?: number) => powerSessionList(deps, userId),
    cateList: (userId?: number) => powerCategories(deps, userId),
    userPower: (userId: number) => userPower(db, userId),
    /** The platform's time zone, read before a purchase's transaction (its day counts the daily limit). */
    timeZone: () => config.timeZone(),
    buy: (tx: Executor, userId: number, sessionId: number, zone: string) => buyPower(tx, clock, userId, sessionId, zone),
    give: (tx: Executor, userId: number, sessionId: number, account: string, zone: string) =>
      givePower(tx, clock, userId, sessionId, account, zone),
    /** The player's own records: their purchase or gift just answered is in them (db/replicas.ts, read-your-writes). */
    records: async (userId: number, pageNo: number) => powerRecordPage(await reads.forUser(userId), userId, pageNo),
    adminList: () => adminPowerSessions(db),
    adminSave: (input: PowerSessionInput) => savePowerSession(db, input),
    negativeReturnWarnings: () => powerNegativeReturnWarnings(db),
  };
}

export type PowerService = ReturnType<typeof createPowerService>;
