import { formatMoney, type IncomeEntry, type UserInfo } from '@prism/domain';
import type { BetFigures } from '../game/figures';
import type { WalletFigures } from '../wallet/figures';
import type { UserRow } from './schema';

export interface UserInfoExtras {
  inviteLinkUrl: string;
  customerServiceUrl: string;
  wallet: WalletFigures;
  signInDay: number;
  /** From the level module's upgrade tasks; users.level is not used. */
  level: { level: number; levelName: string };
  bets: BetFigures;
  yesterdayCommission: bigint;
  incomeList: IncomeEntry[];
}

/** User info of specification point 3. Balances come from the ledger; the sign-in streak, the level, bet figures and commission from their modules. */
export function toUserInfo(user: UserRow, extras: UserInfoExtras): UserInfo {
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
    signInDay: extras.signInDay,
    todayBetAmount: formatMoney(extras.bets.todayBetAmount),
    todayBetIncome: formatMoney(extras.bets.todayBetIncome),
    todayWin: formatMoney(extras.bets.todayWin),
    totalBetAmount: formatMoney(extras.bets.totalBetAmount),
    yesterdayCommission: formatMoney(extras.yesterdayCommission),
    incomeList: extras.incomeList,
    telegramLinked: user.telegramId != null,
    telegramUsername: user.telegramUsername ?? '',
    hasAssetPassword: user.assetPasswordHash != null,
    createDateTime: user.createdAt.toISOString(),
  };
}
