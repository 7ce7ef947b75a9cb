import { AppError, changeExclusion, type ExclusionChange, exclusionEnd } from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { lockedRow, refuseIfExcluded, updateRow } from './context';
import { playerProtection } from './schema';

/**
 * Refuses, inside the caller's transaction, while the user's self-exclusion runs: the
 * protection module's read for products that open a holding (follow-invest, fixed deposit),
 * so only this module names its table.
 */
export async function refuseWhileExcluded(tx: Executor, userId: number, now: Date): Promise<void> {
  const [row] = await tx
    .select({ excludedUntil: playerProtection.excludedUntil })
    .from(playerProtection)
    .where(eq(playerProtection.userId, userId));
  refuseIfExcluded(row?.excludedUntil, now);
}

/**
 * The one way a self-exclusion starts or grows (the screen's choice and the reality check's "stop
 * for today"): on the user's locked row, by the domain's rule (lengthened, never shortened).
 */
async function lengthenExclusion(tx: Executor, clock: Clock, userId: number, until: Date): Promise<ExclusionChange> {
  const row = await lockedRow(tx, clock, userId);
  const next = changeExclusion(row.excludedUntil, until, clock.now());
  if (next.ok) await updateRow(tx, clock, userId, { excludedUntil: next.until });
  return next;
}

/** Self-exclusion until `until`, chosen on the Responsible play screen: refused when it would shorten one running. */
export async function exclude(db: Database, clock: Clock, userId: number, until: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const next = await lengthenExclusion(tx, clock, userId, until);
    if (!next.ok) throw new AppError(next.reason === 'SHORTER' ? 'EXCLUSION_CANNOT_SHORTEN' : 'EXCLUSION_DATE_INVALID');
  });
}

/**
 * The reality check's "stop for today": the same self-exclusion for 24 hours, and the check
 * acknowledged, in one transaction. A longer exclusion already running is kept as it is (the player
 * asked to stop, which it already does), so the choice never fails for that.
 */
export async function stopForToday(db: Database, clock: Clock, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const now = clock.now();
    const next = await lengthenExclusion(tx, clock, userId, exclusionEnd(now, '24h'));
    if (!next.ok && next.reason !== 'SHORTER') throw new AppError('EXCLUSION_DATE_INVALID');
    await updateRow(tx, clock, userId, { realityAckAt: now });
  });
}
