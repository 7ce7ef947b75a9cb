import type { TurnoverLock, WithdrawBreakdownView } from './wallet';

/**
 * The wire contract of /core/: the shapes that core sends and the client reads.
 * Money is a decimal string with 2 decimals; times are ISO 8601 strings.
 */
export interface Envelope<T = unknown> {
  code: number;
  message: string;
  result: T;
  timestamp: number;
}

/** A paged answer (pageNo starts at 1). */
export interface Paged<T> {
  content: T[];
  totalElements: number;
  pageNo: number;
}

/** The `result` of a validation failure: the first failing field and every field's message. */
export interface ValidationFailure {
  field: string;
  fields: Record<string, string>;
}

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

export interface CodeSent {
  resendIn: number;
  expiresIn: number;
}

export type SmsCodeType = 'register' | 'resetLoginPwd';
export type UserCodeType = 'resetLoginPwd' | 'resetAssetPwd';

export interface UploadedFile {
  url: string;
  size: number;
  mimeType: string;
}

export interface DownloadInfo {
  url: string;
  version: string;
  versionCode: number;
}

export interface IncomeEntry {
  incomeAmount: string;
  incomeDate: string;
  incomeRate: string;
}

/** User info of specification point 3, plus usdtBalance/withdrawBalance and the Telegram link. */
export interface UserInfo {
  id: number;
  sysUserId: number;
  phone: string;
  areaCode: string;
  nickName: string;
  headUrl: string;
  sex: number;
  invitation: string;
  inviteLinkUrl: string;
  parentId: number | null;
  level: number;
  levelName: string;
  userStatus: number;
  userType: number;
  remark: string;
  address: string;
  walletErc: string;
  walletTrc: string;
  walletBep: string;
  customerServiceUrl: string;
  signInDay: number;
  cash: string;
  cashWithdrawBalance: string;
  chip: string;
  gold: string;
  point: string;
  usdtBalance: string;
  withdrawBalance: string;
  /** What the turnover rule still locks, per coin (only coins with a lock); why withdrawable is below the balance. */
  turnoverLocks: TurnoverLock[];
  /** CASH and USDT: the withdrawal page's parts of the balance (free, held by turnover), from the server's figures. */
  withdrawBreakdown: WithdrawBreakdownView[];
  exchangeBalance: string;
  recharge: string;
  withdraw: string;
  usdtRecharge: string;
  usdtWithdraw: string;
  todayBetAmount: string;
  todayBetIncome: string;
  todayWin: string;
  totalBetAmount: string;
  yesterdayCommission: string;
  incomeList: IncomeEntry[];
  telegramLinked: boolean;
  telegramUsername: string;
  hasAssetPassword: boolean;
  createDateTime: string;
}

export interface TeamLevelStats {
  level: number;
  memberNumber: number;
  /** Members whose invitation is effective (they bound a wallet or a bank card). */
  effectiveNumber: number;
  rechargeUserNumber: number;
  rechargeAmount: string;
  totalBetAmount: string;
  stakingAmount: string;
  /** Rebates this user was paid from members at this level. */
  contributionAmount: string;
}

/** One level's rebate rates, by label and value ("0.30%", "1.00"). */
export interface TeamRebateRate {
  level: number;
  betRate: string;
  rechargeRate: string;
  registerReward: string;
}

export interface TeamMember {
  id: number;
  phone: string;
  nickName: string;
  createDateTime: string;
}

/** Team info of specification point 3, with a per-level breakdown for levels 1 to 3. */
export interface TeamInfo {
  id: number;
  parentId: number | null;
  phone: string;
  areaCode: string;
  directNumber: number;
  directRecharge: string;
  directRechargeUserNumber: number;
  directTotalBetAmount: string;
  directStakingAmount: string;
  /** The first page of direct members (newest first); more with /app/user/getTeamMembers. */
  directUserList: TeamMember[];
  teamNumber: number;
  teamRecharge: string;
  teamRechargeUserNumber: number;
  teamTotalBetAmount: string;
  teamStakingAmount: string;
  /** Rebates paid to this user, per kind and in all (CASH-family coins). */
  betRebate: string;
  rechargeRebate: string;
  registerRebate: string;
  contributionAmount: string;
  levels: TeamLevelStats[];
  rates: TeamRebateRate[];
}
/** A one-time link for a browser user to link Telegram: opening it and pressing Start in the bot links the chat. */
export interface TelegramLinkToken {
  /** The /start payload, `link_<token>`; without a bot username the user sends `/start <payload>` to the bot. */
  payload: string;
  /** https://t.me/<bot>?start=<payload>, or null when the server does not know its bot's username. */
  link: string | null;
  expiresIn: number;
}

/** POST, signed-in player, no body: the invitation saved as a Telegram prepared inline message (Bot API savePreparedInlineMessage). */
export const PREPARE_INVITE_ROUTE = '/app/user/telegram/prepareInvite';

/**
 * What PREPARE_INVITE_ROUTE answers: the id the Mini App hands to `shareMessage` (Telegram's share
 * sheet sends the invitation with a button that opens the Mini App with startapp=<code>), and when
 * Telegram forgets it (ISO 8601). Refusals: TELEGRAM_NOT_LINKED, TELEGRAM_BOT_NOT_CONFIGURED.
 */
export interface PreparedInvite {
  preparedMessageId: string;
  expiresAt: string;
}

export * from './dashboard';
export * from './engage';
export * from './game';
export * from './invest';
export * from './liabilities';
export * from './operator';
export * from './power';
export * from './recharge';
export * from './wallet';
export * from './withdraw';
