import { computeResult, hashSeed } from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { BeaconRound } from './beacon';
import { unseal } from './chain';
import { gameSessions } from './schema';
import type { SessionRow } from './sessions';

/**
 * THE ONLY place a result is written: it is computed from the session's sealed
 * seed (committed before betting opened) and its beacon round (fixed before
 * betting opened). No code path, setting or endpoint can choose it; a test
 * keeps it that way.
 */
export async function drawSession(
  tx: Executor,
  deps: { secret: string; clock: Clock },
  session: SessionRow,
  beacon: BeaconRound,
): Promise<SessionRow | undefined> {
  if (beacon.round !== session.beaconRound) throw new Error(`beacon round ${beacon.round} is not the session's ${session.beaconRound}`);
  const seed = unseal(deps.secret, session.seedSealed);
  if (hashSeed(seed) !== session.commitment) throw new Error(`seed of session ${session.id} does not match its commitment`);
  const result = computeResult(seed, session.level, session.periodId, beacon.value);
  const [drawn] = await tx
    .update(gameSessions)
    .set({ status: 'drawn', seed, beaconValue: beacon.value, beaconSignature: beacon.signature ?? null, result, drawnAt: deps.clock.now() })
    .where(and(eq(gameSessions.id, session.id), eq(gameSessions.status, 'open')))
    .returning();
  return drawn;
}
