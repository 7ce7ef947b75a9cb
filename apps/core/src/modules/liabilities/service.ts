import type { LiabilitiesHistoryItem, LiabilitiesSnapshotView, MyLiabilityProof, Paged } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Random } from '../../platform/random';
import { type SnapshotResult, takeDailySnapshot, takeSnapshot } from './build';
import type { RunLedgerCheck } from './read';
import { latestSnapshotId, myProof, snapshotHistory, snapshotView } from './views';

/** How long a process trusts its idea of the newest snapshot id before asking again (the public page's cache key). */
export const LATEST_ID_TTL_MS = 10_000;

export interface LiabilitiesDeps {
  db: Database;
  clock: Clock;
  random: Random;
  /** The whole ledger check (the composition root's: the ledger's invariants and the game's stranded bets). */
  checkLedger: RunLedgerCheck;
}

/**
 * The public view is cached by the newest snapshot's id (contract G): the id is asked for at most
 * every LATEST_ID_TTL_MS (and at once in the process that takes a snapshot), the view read once per id,
 * so any number of viewers costs one small query per 10 s and one read per new snapshot.
 */
function latestViewCache(db: Database, clock: Clock) {
  let known = { id: -1, askedAt: Number.NEGATIVE_INFINITY };
  let cached: { id: number; view: Promise<LiabilitiesSnapshotView | null> } | undefined;
  const currentId = async () => {
    const now = clock.now().getTime();
    if (now - known.askedAt >= LATEST_ID_TTL_MS) known = { id: await latestSnapshotId(db), askedAt: now };
    return known.id;
  };
  return {
    async latest(): Promise<LiabilitiesSnapshotView | null> {
      const id = await currentId();
      if (cached?.id !== id) {
        const view = id === 0 ? Promise.resolve(null) : snapshotView(db, id);
        cached = { id, view };
        view.catch(() => {
          if (cached?.view === view) cached = undefined;
        });
      }
      return cached.view;
    },
    taken(id: number) {
      known = { id, askedAt: clock.now().getTime() };
    },
  };
}

export function createLiabilitiesService(deps: LiabilitiesDeps) {
  const cache = latestViewCache(deps.db, deps.clock);
  const remember = (result: SnapshotResult | null) => {
    if (result) cache.taken(result.id);
    return result;
  };
  return {
    latest: () => cache.latest(),
    history: (pageNo: number, pageSize: number): Promise<Paged<LiabilitiesHistoryItem>> => snapshotHistory(deps.db, pageNo, pageSize),
    myProof: (userId: number, snapshotId?: number): Promise<MyLiabilityProof> => myProof(deps.db, userId, snapshotId),
    /** An extra snapshot now (an operator's request). */
    takeNow: async () => remember(await takeSnapshot(deps, null)),
    /** The daily snapshot of the platform day, unless taken. */
    takeDaily: async (timeZone: string) => remember(await takeDailySnapshot(deps, timeZone)),
  };
}

export type LiabilitiesService = ReturnType<typeof createLiabilitiesService>;
