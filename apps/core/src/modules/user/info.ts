import { formatMoney, type IncomeEntry, type UserInfo } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { jsonValue, type Scalar } from '../../db/scalars';
import type { WalletFigures } from '../wallet';
import type { UserRow } from './schema';

/**
 * The bet figures User info shows, in minor units. The game module computes them (its
 * betFiguresScalar, handed in by the composition root); the shape is declared here, by the
 * module that shows them, so that the user module does not depend on the game.
 */
export interface BetFigures {
  /** Staked on bets placed in the day. */
  todayBetAmount: bigint;
  /** Paid out on bets settled in the day. */
  todayBetIncome: bigint;
  /** Payouts less stakes of bets settled in the day (negative when the day lost). */
  todayWin: bigint;
  /** Staked on every valid (settled or still open, not refunded) bet. */
  totalBetAmount: bigint;
}

/** The user's own fields that User info shows (the secrets only as whether they are set). */
export type InfoUser = Pick<
  UserRow,
  'id' | 'phone' | 'areaCode' | 'nickName' | 'headUrl' | 'sex' | 'invitationCode' | 'parentId' | 'userStatus' | 'userType' | 'remark'
> & { telegramUsername: string | null; telegramLinked: boolean; hasAssetPassword: boolean; createdAt: string };

/** The users row as one value of getUserInfo's statement; null when the user is gone. */
export function infoUserScalar(userId: number): Scalar<InfoUser | null> {
  return {
    sql: sql`select json_build_object('id', id, 'phone', phone, 'areaCode', area_code, 'nickName', nick_name, 'headUrl', head_url,
        'sex', sex, 'invitationCode', invitation_code, 'parentId', parent_id, 'userStatus', user_status, 'userType', user_type,
        'remark', remark, 'telegramUsername', telegram_username, 'telegramLinked', telegram_id is not null,
        'hasAssetPassword', asset_password_hash is not null, 'createdAt', created_at)
      from users where id = ${userId}`,
    read: (value) => {
      const user = jsonValue<InfoUser | null>(value);
      // json renders a timestamptz in the session's zone: one instant, written the way the API always has.
      return user && { ...user, createdAt: new Date(user.createdAt).toISOString() };
    },
  };
}

/**
 * The withdraw part of User info: paid totals per currency and the bound USDT addresses (decimal
 * strings). Declared here, computed by the withdraw module (withdrawFiguresScalar), handed in by the
 * composition root: the user module imports no module that depends on it.
 */
export interface WithdrawFigures {
  withdraw: string;
  usdtWithdraw: string;
  walletTrc: string;
  walletErc: string;
  walletBep: string;
  address: string;
}

export interface UserInfoExtras {
  inviteLinkUrl: string;
  customerServiceUrl: string;
  wallet: WalletFigures;
  withdrawals: WithdrawFigures;
  signInDay: number;
  /** From the level module's upgrade tasks; users.level is not used. */
  level: { level: number; levelName: string };
  bets: BetFigures;
  yesterdayCommission: bigint;
  incomeList: IncomeEntry[];
}

/** User info of specification point 3. Balances come from the ledger; the sign-in streak, the level, bet figures and commission from their modules. */
export function toUserInfo(user: InfoUser, extras: UserInfoExtras): UserInfo {
  return {
    id: user.id,
    sysUserId: user.id,
    phone: user.phone,
    areaCode: user.areaCode,
    nickName: user.nickName,
    headUrl: user.headUrl,
    sex: user.sex,
    invitation: user.invitationCode,
    inviteLinkUrl: extras.inviteLinkUrl,
    parentId: user.parentId,
    level: extras.level.level,
    levelName: extras.level.levelName,
    userStatus: user.userStatus,
    userType: user.userType,
    remark: user.remark,
    customerServiceUrl: extras.customerServiceUrl,
    ...extras.wallet,
    ...extras.withdrawals,
    signInDay: extras.signInDay,
    todayBetAmount: formatMoney(extras.bets.todayBetAmount),
    todayBetIncome: formatMoney(extras.bets.todayBetIncome),
    todayWin: formatMoney(extras.bets.todayWin),
    totalBetAmount: formatMoney(extras.bets.totalBetAmount),
    yesterdayCommission: formatMoney(extras.yesterdayCommission),
    incomeList: extras.incomeList,
    telegramLinked: user.telegramLinked,
    telegramUsername: user.telegramUsername ?? '',
    hasAssetPassword: user.hasAssetPassword,
    createDateTime: user.createdAt,
  };
}
