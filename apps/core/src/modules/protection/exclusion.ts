import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { playerProtection } from './schema';
import { refuseIfExcluded } from './service';

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
