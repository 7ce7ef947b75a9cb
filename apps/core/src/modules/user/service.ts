import {
  AppError,
  addDays,
  type IncomeEntry,
  localDate,
  localDayBounds,
  type Paged,
  type TeamInfo,
  type TeamMember,
  type UserInfo,
} from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type Scalar, scalarStatement } from '../../db/scalars';
import type { Clock } from '../../platform/clock';
import { hashPassword } from '../../platform/passwords';
import type { ConfigService } from '../config';
import { walletScalar } from '../wallet';
import { type BetFigures, infoUserScalar, toUserInfo, type WithdrawFigures } from './info';
import { findUserById } from './repository';
import { type UserRow, users } from './schema';

export interface UserServiceDeps {
  db: Database;
  clock: Clock;
  config: ConfigService;
  /**
   * The one-time codes (the sms module's code service, handed in: the sms module looks accounts up
   * here, so the user module does not depend on it). A code sent to the account's phone proves the phone.
   */
  codes: { verifyPhone(purpose: 'resetAssetPwd', areaCode: string, phone: string, code: string): Promise<void> };
  /** PUBLIC_URL, or '' when it is not configured: then the web link is relative and the app completes it with the address it was opened at. */
  publicUrl: string;
  botUsername: string | undefined;
  miniAppShortName: string | undefined;
  /** Told of each statement that read getUserInfo for several users (the operators' metrics). */
  readBatch?: ((statement: string, reads: number, oneByOne: boolean) => void) | undefined;
  /**
   * Figures other modules own, each given as one value of getUserInfo's single statement
   * (db/scalars.ts): the modules write their SQL, the user module only puts them together.
   */
  engagement: {
    /** The sign-in streak, as of the platform day it is given (check-in module). */
    streakDay(userId: number): Scalar<(today: string) => number>;
    /** The level reached by upgrade tasks (level module), under the rules when it is read. */
    level(userId: number): Scalar<Promise<{ level: number; levelName: string }>>;
  };
  /** The game's figures over a platform day [start, end), its bounds as the game reads them (ISO instants). */
  game: {
    betFigureDay(start: Date, end: Date): InfoDay;
    betFigures(userId: number, day: InfoDay): Scalar<BetFigures>;
  };
  team: {
    info(user: UserRow): Promise<TeamInfo>;
    members(userId: number, level: number, pageNo: number): Promise<Paged<TeamMember>>;
    /** Rebates paid for one platform day (YYYY-MM-DD). */
    commission(userId: number, period: string): Scalar<bigint>;
  };
  /** getUserInfo incomeList, from the power module's income rows. */
  power: { incomeList(userId: number): Scalar<IncomeEntry[]> };
  /** getUserInfo's paid withdrawals and bound addresses, from the withdraw module's tables. */
  withdraw: { figures(userId: number): Scalar<WithdrawFigures> };
}

/** A platform day's bounds [start, end) as ISO instants. */
export interface InfoDay {
  start: string;
  end: string;
}

/** What getUserInfo's statement is built from: every value it sends, by name (db/scalars.ts scalarStatement). */
interface InfoValues extends InfoDay, Record<string, unknown> {
  userId: number;
  /** The platform day before today (YYYY-MM-DD): yesterdayCommission's. */
  yesterday: string;
}

export interface BaseInfoChange {
  nickName?: string | undefined;
  sex?: number | undefined;
  headUrl?: string | undefined;
  /** The account's language (the bot's notices and codes). */
  locale?: string | undefined;
}

/**
 * The invite link: straight into the Mini App through Telegram when the bot
 * is known (`startapp` carries the code), otherwise the web login page at
 * PUBLIC_URL, or relative to wherever the app was opened when PUBLIC_URL is
 * unset (never a guessed host such as localhost).
 */
export function inviteLink(deps: Pick<UserServiceDeps, 'publicUrl' | 'botUsername' | 'miniAppShortName'>, code: string): string {
  if (deps.botUsername && deps.miniAppShortName) return `https://t.me/${deps.botUsername}/${deps.miniAppShortName}?startapp=${code}`;
  if (deps.botUsername) return `https://t.me/${deps.botUsername}?start=${code}`;
  return `${deps.publicUrl}/pages/login/login?invitationCode=${code}`;
}

/**
 * getUserInfo's statement, built once (on PostgreSQL): every per-user figure in one statement
 * (prepared, one snapshot); under load, the calls that wait for the pool are read together, one
 * statement for all of them (db/scalars.ts, docs/performance.md "getUserInfo read together").
 */
function userInfoRead(deps: UserServiceDeps) {
  return scalarStatement(
    'user_info',
    (v: InfoValues) => ({
      user: infoUserScalar(v.userId),
      wallet: walletScalar(v.userId),
      withdrawals: deps.withdraw.figures(v.userId),
      signInDay: deps.engagement.streakDay(v.userId),
      level: deps.engagement.level(v.userId),
      bets: deps.game.betFigures(v.userId, v),
      yesterdayCommission: deps.team.commission(v.userId, v.yesterday),
      incomeList: deps.power.incomeList(v.userId),
    }),
    {
      by: 'userId',
      type: 'bigint',
      onBatch: (reads, oneByOne) => deps.readBatch?.('user_info', reads, oneByOne),
    },
  );
}

export function createUserService(deps: UserServiceDeps) {
  const { db } = deps;
  // The platform day's bounds change once a day; computing them (time zone offsets through Intl) on every call showed in the profile.
  let lastDay: { key: string; day: InfoDay & { yesterday: string } } | undefined;
  const infoDay = (today: string, zone: string) => {
    const key = `${zone} ${today}`;
    if (lastDay?.key !== key) {
      const { start, end } = localDayBounds(today, zone);
      lastDay = { key, day: { ...deps.game.betFigureDay(start, end), yesterday: addDays(today, -1) } };
    }
    return lastDay.day;
  };
  const userInfoStatement = userInfoRead(deps);
  const load = async (userId: number): Promise<UserRow> => {
    const user = await findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  };

  return {
    /**
     * One statement (prepared, one snapshot) for every per-user figure; the settings and level
     * rules it needs are operator configuration, read from the process (platform/cached.ts).
     */
    async getUserInfo(userId: number): Promise<UserInfo> {
      const [zone, customerServiceUrl] = await Promise.all([deps.config.timeZone(), deps.config.get('CUSTOMER_SERVICE_URL')]);
      const today = localDate(deps.clock.now(), zone);
      const { user, signInDay, level, ...figures } = await userInfoStatement(db, { userId, ...infoDay(today, zone) });
      const reached = await level;
      if (!user) throw new AppError('UNAUTHORIZED');
      return toUserInfo(user, {
        inviteLinkUrl: inviteLink(deps, user.invitationCode),
        customerServiceUrl,
        signInDay: signInDay(today),
        level: reached,
        ...figures,
      });
    },

    async getTeamInfo(userId: number): Promise<TeamInfo> {
      return deps.team.info(await load(userId));
    },

    async getTeamMembers(userId: number, level: number, pageNo: number): Promise<Paged<TeamMember>> {
      return deps.team.members((await load(userId)).id, level, pageNo);
    },

    async modifyBaseInfo(userId: number, change: BaseInfoChange): Promise<UserInfo> {
      const values = Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));
      if (Object.keys(values).length === 0) throw AppError.invalid({ nickName: 'NICKNAME_LENGTH' });
      await db
        .update(users)
        .set({ ...values, updatedAt: deps.clock.now() })
        .where(eq(users.id, userId));
      return this.getUserInfo(userId);
    },

    /** Sets or replaces the payment password; the SMS code proves the phone. */
    async resetAssetPassword(userId: number, password: string, code: string): Promise<void> {
      const user = await load(userId);
      await deps.codes.verifyPhone('resetAssetPwd', user.areaCode, user.phone, code);
      const assetPasswordHash = await hashPassword(password);
      await db.update(users).set({ assetPasswordHash, updatedAt: deps.clock.now() }).where(eq(users.id, userId));
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
