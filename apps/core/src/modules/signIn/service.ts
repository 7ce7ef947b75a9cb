import {
  AppError,
  ASSETS,
  type Asset,
  currentStreak,
  DEFAULT_SIGN_IN_RULE,
  formatMoney,
  type LastSignIn,
  localDate,
  parseMoney,
  type SignInResult,
  type SignInRule,
  type SignInStatus,
  type StreakToday,
  signInWeek,
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
import { signIns } from './schema';

/** The operator's sign-in settings (sys_config), falling back to the specification's defaults. */
export interface SignInSettings {
  rule: SignInRule;
  asset: Asset;
  timeZone: string;
}

async function loadSettings(config: ConfigService): Promise<SignInSettings> {
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
      base: amount(base, DEFAULT_SIGN_IN_RULE.base),
      step: amount(step, DEFAULT_SIGN_IN_RULE.step),
      doubleEvery: Number.isInteger(every) && every >= 0 ? every : DEFAULT_SIGN_IN_RULE.doubleEvery,
    },
    timeZone,
  };
}

async function lastSignIn(tx: Executor, userId: number): Promise<LastSignIn | undefined> {
  const [row] = await tx
    .select({ date: signIns.signDate, day: signIns.streakDay })
    .from(signIns)
    .where(eq(signIns.userId, userId))
    .orderBy(desc(signIns.signDate))
    .limit(1);
  return row;
}

function toStatus(streak: StreakToday, today: string, settings: SignInSettings): SignInStatus {
  const days = signInWeek(streak, today, settings.rule);
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

/** Daily sign-in: status, the sign-in itself (paid from the 'rewards' system account), and the streak for user info. */
export function createSignInService({
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
      return toStatus(streakOn(await lastSignIn(db, userId), today), today, settings);
    },

    /**
     * Signs today inside the caller's transaction. The (user, day) unique index
     * decides a race: the loser inserts nothing and gets SIGNED_IN_TODAY.
     */
    async signIn(tx: Executor, userId: number, settings: SignInSettings): Promise<SignInResult> {
      await refuseExcluded(tx, userId);
      const now = clock.now();
      const today = localDate(now, settings.timeZone);
      const streak = streakOn(await lastSignIn(tx, userId), today);
      if (streak.signedToday) throw new AppError('SIGNED_IN_TODAY');
      const status = toStatus({ signedToday: true, day: streak.day }, today, settings);
      const reward = parseMoney(status.todayReward);
      const amount = reward.ok ? reward.value : 0n;
      const [row] = await tx
        .insert(signIns)
        .values({ userId, signDate: today, streakDay: streak.day, asset: settings.asset, reward: amount, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: signIns.id });
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

    /** getUserInfo's signInDay as one value of its statement: the streak as of `today`, 0 once a day was missed. */
    streakDay: (userId: number, today: string): Scalar<number> => ({
      sql: sql`select json_build_object('date', sign_date, 'day', streak_day) from sign_ins
               where user_id = ${userId} order by sign_date desc limit 1`,
      read: (value) => currentStreak(jsonValue<LastSignIn | null>(value) ?? undefined, today),
    }),
  };
}

export type SignInService = ReturnType<typeof createSignInService>;
