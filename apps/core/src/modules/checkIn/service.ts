import {
  AppError,
  ASSETS,
  type Asset,
  type CheckInRule,
  checkInWeek,
  currentStreak,
  DEFAULT_CHECK_IN_RULE,
  formatMoney,
  type LastCheckIn,
  localDate,
  parseMoney,
  type SignInResult,
  type SignInStatus,
  type StreakToday,
  streakOn,
} from '@prism/domain';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { jsonValue, type Scalar } from '../../db/scalars';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { transfer } from '../ledger';
import { postMessage } from '../message';
import type { ExclusionGuard } from '../protection';
import { checkIns } from './schema';

/** The operator's check-in settings (sys_config), falling back to the specification's defaults. */
export interface CheckInSettings {
  rule: CheckInRule;
  asset: Asset;
  timeZone: string;
}

async function loadSettings(config: ConfigService): Promise<CheckInSettings> {
  const [asset, base, step, doubleEvery, timeZone] = await Promise.all([
    config.get('SIGN_IN_ASSET', 'CASH'),
    config.get('SIGN_IN_BASE'),
    config.get('SIGN_IN_STEP'),
    config.get('SIGN_IN_DOUBLE_EVERY'),
    config.timeZone(),
  ]);
  const amount = (text: string, fallback: bigint) => {
    const parsed = parseMoney(text);
    return parsed.ok ? parsed.value : fallback;
  };
  const every = Number(doubleEvery);
  return {
    asset: (ASSETS as readonly string[]).includes(asset) ? (asset as Asset) : 'CASH',
    rule: {
      base: amount(base, DEFAULT_CHECK_IN_RULE.base),
      step: amount(step, DEFAULT_CHECK_IN_RULE.step),
      doubleEvery: Number.isInteger(every) && every >= 0 ? every : DEFAULT_CHECK_IN_RULE.doubleEvery,
    },
    timeZone,
  };
}

async function lastCheckIn(tx: Executor, userId: number): Promise<LastCheckIn | undefined> {
  const [row] = await tx
    .select({ date: checkIns.signDate, day: checkIns.streakDay })
    .from(checkIns)
    .where(eq(checkIns.userId, userId))
    .orderBy(desc(checkIns.signDate))
    .limit(1);
  return row;
}

function toStatus(streak: StreakToday, today: string, settings: CheckInSettings): SignInStatus {
  const days = checkInWeek(streak, today, settings.rule);
  const todayEntry = days.find((d) => d.day === streak.day);
  return {
    signedToday: streak.signedToday,
    streakDay: streak.day,
    today,
    timeZone: settings.timeZone,
    todayReward: formatMoney(todayEntry?.reward ?? 0n),
    asset: settings.asset,
    days: days.map((d) => ({ ...d, reward: formatMoney(d.reward) })),
  };
}

/** Daily check-in: status, the check-in itself (paid from the 'rewards' system account), and the streak for user info. */
export function createCheckInService({
  db,
  clock,
  config,
  refuseExcluded,
}: {
  db: Database;
  clock: Clock;
  config: ConfigService;
  /** Sign-in rewards feed play: refused while the player is self-excluded. */
  refuseExcluded: ExclusionGuard;
}) {
  return {
    /** Read before the money transaction: on PGlite's single connection nothing may query outside it meanwhile. */
    settings: () => loadSettings(config),

    async status(userId: number): Promise<SignInStatus> {
      const settings = await loadSettings(config);
      const today = localDate(clock.now(), settings.timeZone);
      return toStatus(streakOn(await lastCheckIn(db, userId), today), today, settings);
    },

    /**
     * Signs today inside the caller's transaction. The (user, day) unique index
     * decides a race: the loser inserts nothing and gets SIGNED_IN_TODAY.
     */
    async checkIn(tx: Executor, userId: number, settings: CheckInSettings): Promise<SignInResult> {
      await refuseExcluded(tx, userId);
      const now = clock.now();
      const today = localDate(now, settings.timeZone);
      const streak = streakOn(await lastCheckIn(tx, userId), today);
      if (streak.signedToday) throw new AppError('SIGNED_IN_TODAY');
      const status = toStatus({ signedToday: true, day: streak.day }, today, settings);
      const reward = parseMoney(status.todayReward);
      const amount = reward.ok ? reward.value : 0n;
      const [row] = await tx
        .insert(checkIns)
        .values({ userId, signDate: today, streakDay: streak.day, asset: settings.asset, reward: amount, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: checkIns.id });
      if (!row) throw new AppError('SIGNED_IN_TODAY');
      if (amount > 0n) {
        await transfer(
          tx,
          {
            asset: settings.asset,
            from: { system: 'rewards' },
            to: { userId },
            amount,
            type: 'reward',
            reference: `sign_in:${row.id}`,
            idempotencyKey: `sign_in:${userId}:${today}`,
            meta: { kind: 'sign_in', day: streak.day },
          },
          now,
        );
        await postMessage(tx, clock, userId, 'reward_sign_in', {
          day: String(streak.day),
          amount: formatMoney(amount),
          asset: settings.asset,
        });
      }
      return { ...status, reward: formatMoney(amount) };
    },

    /**
     * getUserInfo's signInDay as one value of its statement: the last sign-in, read as the streak
     * as of a platform day (0 once a day was missed), which the caller gives.
     */
    streakDay: (userId: number): Scalar<(today: string) => number> => ({
      sql: sql`select json_build_object('date', sign_date, 'day', streak_day) from sign_ins
               where user_id = ${userId} order by sign_date desc limit 1`,
      read: (value) => {
        const last = jsonValue<LastCheckIn | null>(value) ?? undefined;
        return (today) => currentStreak(last, today);
      },
    }),
  };
}

export type CheckInService = ReturnType<typeof createCheckInService>;
