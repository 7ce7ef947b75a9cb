import type { Asset } from '../constants';
import type { PowerRecordType } from '../earning/power';

/** A power package ("session") of the task platform, with what it pays shown before buying. */
export interface PowerSession {
  id: number;
  cateId: number;
  cateName: string;
  name: string;
  coin: Asset;
  price: string;
  /** Power granted. */
  power: string;
  termDays: number;
  /** Daily yield on the power ("1.20%"), and in basis points. */
  dailyRate: string;
  dailyRateBps: number;
  /** Income per day and over the whole term, before fees. */
  dailyIncome: string;
  totalIncome: string;
  /** The daily management fee ("0.10%" of the power), per day. */
  feeRate: string;
  dailyFee: string;
  /** The term's income less the term's fees, on the price ("-5.00"), and as a rate of the price ("-5.00%"): what the package really pays. */
  netReturn: string;
  netReturnRate: string;
  /** Purchases allowed per user per day, and how many the caller made today (0 when not logged in). */
  dailyLimit: number;
  boughtToday: number;
}

/** GET /app/powerSession/cateList: packages grouped by category. */
export interface PowerCategory {
  cateId: number;
  cateName: string;
  list: PowerSession[];
}

/** GET /app/powerSession/config/get: the rules every package shares. */
export interface PowerConfig {
  /** The zone whose midnight turns the day (income is paid then). */
  timeZone: string;
  /** Hierarchical power: share of the team's basic power per level 1..3 ("10.00%"). */
  hierarchicalRates: string[];
  /** Gifts are bought by the giver and held by the receiver. */
  giftEnabled: boolean;
}

export type PowerKind = 'basic' | 'gift';

/** One holding: a package bought (basic) or received as a gift. */
export interface PowerHolding {
  id: number;
  sessionId: number;
  name: string;
  kind: PowerKind;
  coin: Asset;
  price: string;
  power: string;
  dailyRate: string;
  dailyIncome: string;
  feeRate: string;
  startDay: string;
  endDay: string;
  status: 'active' | 'matured';
  /** Income and fees paid so far. */
  incomeTotal: string;
  feeTotal: string;
  createDateTime: string;
}

/** GET /app/userPower/get: power by kind (specification point 1) and the holdings. */
export interface UserPower {
  basicPower: string;
  giftPower: string;
  hierarchicalPower: string;
  /** basic + gift + hierarchical. */
  personalPower: string;
  /** Income paid so far over all holdings (all coins together). */
  incomeTotal: string;
  holdings: PowerHolding[];
}

/** A power record of specification point 3. */
export interface PowerRecord {
  id: number;
  powerType: PowerRecordType;
  /** The record's kind in the caller's language. */
  powerTypeDesc: string;
  /** Signed change for the caller ("+100.00", "-100.00"): a gift given is out ("-"), received in ("+") (powerRecordDirection). */
  incrAmount: string;
  /** The other user of a gift (masked phone), or ''. */
  counterparty: string;
  createDateTime: string;
}

/** POST /app/userPower/buyPower and /givePower: the holding created. */
export interface PowerPurchase {
  holding: PowerHolding;
  /** The receiver of a gift (masked phone), or ''. */
  receiver: string;
}
