import type { Asset } from '../constants';
import type { CheckInDayState } from '../engage/checkIn';
import type { LevelState, LevelTaskKind, LevelTaskState } from '../engage/levels';

/** One day of the check-in week (amounts as decimal strings). */
export interface SignInDay {
  day: number;
  /** The calendar day in the platform's time zone, "YYYY-MM-DD". */
  date: string;
  reward: string;
  state: CheckInDayState;
}

/** POST /app/signIn/signStatus: where the user's streak stands today. */
export interface SignInStatus {
  signedToday: boolean;
  /** Today's streak day: the one signed, or the one signing now pays. */
  streakDay: number;
  /** The platform's calendar day and the zone it is counted in. */
  today: string;
  timeZone: string;
  /** What signing today pays (or paid). */
  todayReward: string;
  asset: Asset;
  /** The streak's week holding today. */
  days: SignInDay[];
}

/** POST /app/signIn/signIn: the reward paid, and the status after it. */
export interface SignInResult extends SignInStatus {
  reward: string;
}

/** A redemption record: what a gift code gave, when, and whether the code is still in use or expired. */
export interface GiftCodeRedemption {
  id: number;
  /** Shown in groups of four. */
  code: string;
  amount: string;
  asset: Asset;
  /** When it was redeemed (time received). */
  createDateTime: string;
  /** When the code expires (expiration time). */
  expireDateTime: string;
  status: 'in_use' | 'expired';
}

/** A gift code as the operator sees it. */
export interface GiftCodeView {
  id: number;
  code: string;
  asset: Asset;
  amount: string;
  totalUses: number;
  usedCount: number;
  perUserOnce: boolean;
  expiresAt: string;
  createdAt: string;
  createdBy: string;
}

/** POST /app/taping/tapingV2 (always encrypted): what a batch earned and where energy stands. */
export interface TapAnswer {
  /** Taps of this batch that counted (0 for a status read or a replayed batch beyond its first answer). */
  accepted: number;
  /** POINT this batch earned. */
  earned: string;
  /** True when this batch id was seen before: nothing was earned again. */
  replayed: boolean;
  energy: number;
  maxEnergy: number;
  /** Seconds to regenerate one unit of energy. */
  regenSeconds: number;
  tappedToday: number;
  dailyCap: number;
  pointPerTap: string;
  /** The user's POINT balance after this batch. */
  point: string;
}

/** One upgrade task with the user's progress (targets and progress: "100.00" for money kinds, "3" for invitations). */
export interface LevelTaskView {
  id: number;
  kind: LevelTaskKind;
  target: string;
  progress: string;
  reward: string;
  asset: Asset;
  state: LevelTaskState;
}

export interface LevelView {
  level: number;
  levelName: string;
  /** Unlocks the subordinate promotion reward (VU). */
  promotion: boolean;
  state: LevelState;
  tasks: LevelTaskView[];
}

/** GET /app/level/list: the user's level and every level with its tasks. */
export interface LevelList {
  level: number;
  levelName: string;
  /** The user's level (or one below it) unlocks the subordinate promotion reward. */
  promotion: boolean;
  levels: LevelView[];
}

/** POST /app/level/collect: the reward paid and the list after it. */
export interface LevelCollectResult extends LevelList {
  taskId: number;
  reward: string;
  asset: Asset;
}

/** An operator broadcast with its delivery progress (GET /admin/broadcasts). */
export interface BroadcastView {
  id: number;
  title: string;
  text: string;
  createdBy: string;
  createDateTime: string;
  status: string;
  recipients: number;
  /** Telegram deliveries by status: pending, sent, failed, blocked, none (no linked chat). */
  telegram: Record<string, number>;
}
