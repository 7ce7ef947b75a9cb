import {
  applyTaps,
  DEFAULT_TAP_RULE,
  formatMoney,
  freshTapState,
  localDate,
  parseMoney,
  type TapAnswer,
  type TapRule,
  type TapState,
  tapStateAt,
} from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { balancesOf, transfer } from '../ledger';
import type { ExclusionGuard } from '../protection';
import { tapBatches, tapStates } from './schema';

export interface TapSettings {
  rule: TapRule;
  timeZone: string;
}

async function loadSettings(config: ConfigService): Promise<TapSettings> {
  const [maxEnergy, regenSeconds, pointPerTap, dailyCap, timeZone] = await Promise.all([
    config.get('TAP_MAX_ENERGY'),
    config.get('TAP_REGEN_SECONDS'),
    config.get('TAP_POINT_PER_TAP'),
    config.get('TAP_DAILY_CAP'),
    config.timeZone(),
  ]);
  const whole = (text: string, fallback: number) => {
    const n = Number(text);
    return Number.isSafeInteger(n) && n > 0 ? n : fallback;
  };
  const point = parseMoney(pointPerTap);
  return {
    rule: {
      maxEnergy: whole(maxEnergy, DEFAULT_TAP_RULE.maxEnergy),
      regenMs: whole(regenSeconds, DEFAULT_TAP_RULE.regenMs / 1000) * 1000,
      pointPerTap: point.ok && point.value > 0n ? point.value : DEFAULT_TAP_RULE.pointPerTap,
      dailyCap: whole(dailyCap, DEFAULT_TAP_RULE.dailyCap),
      maxBatch: DEFAULT_TAP_RULE.maxBatch,
    },
    timeZone,
  };
}

/** The user's state row, created full on first use, locked for this transaction. */
async function lockedState(tx: Executor, userId: number, now: Date, today: string, rule: TapRule): Promise<TapState> {
  const fresh = freshTapState(now.getTime(), today, rule);
  await tx.insert(tapStates).values({ userId, energy: fresh.energy, energyAt: now, day: today, tappedToday: 0 }).onConflictDoNothing();
  const [row] = await tx.select().from(tapStates).where(eq(tapStates.userId, userId)).for('update');
  if (!row) throw new Error(`tap state of user ${userId} could not be created`);
  return { energy: row.energy, energyAt: row.energyAt.getTime(), day: row.day, tappedToday: row.tappedToday };
}

export interface TapBatch {
  count: number;
  /** Required when count > 0: the client's id for this batch. */
  batchId: string | undefined;
}

/** Tap-to-earn: the server's energy and daily cap decide what a batch earns, paid in POINT from the 'rewards' account. */
export function createTapService({
  clock,
  config,
  refuseExcluded,
}: {
  db: Database;
  clock: Clock;
  config: ConfigService;
  /** Taps earn POINT, a game coin: a batch with taps is refused while the player is self-excluded. */
  refuseExcluded: ExclusionGuard;
}) {
  return {
    /** Read before the transaction (PGlite has one connection). */
    settings: () => loadSettings(config),

    async tap(tx: Executor, userId: number, batch: TapBatch, settings: TapSettings): Promise<TapAnswer> {
      if (batch.count > 0) await refuseExcluded(tx, userId);
      const { rule } = settings;
      const now = clock.now();
      const today = localDate(now, settings.timeZone);
      const state = await lockedState(tx, userId, now, today, rule);
      const answer = async (shown: TapState, accepted: number, earned: bigint, replayed: boolean): Promise<TapAnswer> => ({
        accepted,
        earned: formatMoney(earned),
        replayed,
        energy: shown.energy,
        maxEnergy: rule.maxEnergy,
        regenSeconds: rule.regenMs / 1000,
        tappedToday: shown.tappedToday,
        dailyCap: rule.dailyCap,
        pointPerTap: formatMoney(rule.pointPerTap),
        point: formatMoney((await balancesOf(tx, userId)).POINT),
      });
      if (batch.count === 0 || !batch.batchId) return answer(tapStateAt(state, now.getTime(), today, rule), 0, 0n, false);

      const [seen] = await tx
        .select()
        .from(tapBatches)
        .where(and(eq(tapBatches.userId, userId), eq(tapBatches.batchId, batch.batchId)));
      if (seen) return answer(tapStateAt(state, now.getTime(), today, rule), seen.accepted, seen.earned, true);

      const outcome = applyTaps(state, batch.count, now.getTime(), today, rule);
      const next = outcome.state;
      await tx
        .update(tapStates)
        .set({ energy: next.energy, energyAt: new Date(next.energyAt), day: next.day, tappedToday: next.tappedToday })
        .where(eq(tapStates.userId, userId));
      await tx.insert(tapBatches).values({
        userId,
        batchId: batch.batchId,
        requested: batch.count,
        accepted: outcome.accepted,
        earned: outcome.earned,
        createdAt: now,
      });
      if (outcome.earned > 0n) {
        await transfer(
          tx,
          {
            asset: 'POINT',
            from: { system: 'rewards' },
            to: { userId },
            amount: outcome.earned,
            type: 'reward',
            reference: `tap:${userId}:${batch.batchId}`,
            idempotencyKey: `tap:${userId}:${batch.batchId}`,
            meta: { kind: 'tap', taps: outcome.accepted },
          },
          now,
        );
      }
      return answer(next, outcome.accepted, outcome.earned, false);
    },
  };
}

export type TapService = ReturnType<typeof createTapService>;
