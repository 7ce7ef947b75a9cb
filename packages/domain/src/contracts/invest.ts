import type { Asset } from '../constants';

/** An advisor (follow-invest) product: the specification's price, days, daily earnings, total return and total return rate. */
export interface AdvisorProduct {
  id: number;
  advisorName: string;
  avatarUrl: string;
  coin: Asset;
  /** The minimum staking amount. */
  price: string;
  days: number;
  /** "0.80%" of the principal a day. */
  dailyRate: string;
  /** What `price` earns a day, and over the term. */
  dailyEarnings: string;
  totalReturn: string;
  totalReturnRate: string;
  /** The bonus paid at the order ("1.00%"; "0.00%" = none). */
  giftRate: string;
  /** The management fee taken from the principal at maturity ("10.00%"). */
  managementFeeRate: string;
  /** The return NET of every fee, on the minimum stake ("-4.40"), and as a rate ("-4.40%"); negative: the user gets back less than they pay. */
  netReturn: string;
  netReturnRate: string;
  /** Orders taken until then (ISO), or null: always. */
  availableUntil: string | null;
}

/** What an order of `stakingAmount` would earn and pay back: shown before the order. */
export interface AdvisorQuoteView {
  productId: number;
  stakingAmount: string;
  dailyEarnings: string;
  totalReturn: string;
  totalReturnRate: string;
  giftAmount: string;
  managementFee: string;
  maturityAmount: string;
  /** The first platform day that earns and the deadline (ISO), when the principal returns. */
  startDay: string;
  deadline: string;
}

/** The specification's follow-invest record: user, blogger, staking, gift and income amounts, days, time and deadline. */
export interface AdvisorOrder {
  id: number;
  userId: number;
  productId: number;
  blogger: string;
  coin: Asset;
  stakingAmount: string;
  giftAmount: string;
  incomeAmount: string;
  dailyEarnings: string;
  days: number;
  managementFee: string;
  maturityAmount: string;
  /** 'holding' until the deadline, then 'matured' (principal less the fee returned). */
  status: 'holding' | 'matured';
  createDateTime: string;
  deadline: string;
}

/** A fixed-deposit product: a term with its annual rate and minimum. */
export interface DepositProduct {
  id: number;
  name: string;
  coin: Asset;
  days: number;
  /** "5.00%" a year. */
  annualRate: string;
  minAmount: string;
  /** The return NET of every fee, on the minimum stake ("-4.40"), and as a rate ("-4.40%"); negative: the user gets back less than they pay. */
  netReturn: string;
  netReturnRate: string;
}

export interface DepositQuoteView {
  productId: number;
  amount: string;
  dailyInterest: string;
  expectedInterest: string;
  startDay: string;
  endDateTime: string;
}

/** A holding: 'holding' earns; 'matured' returned its principal at term end; 'closed' was transferred out in full. */
export interface FixedDeposit {
  id: number;
  productId: number;
  name: string;
  coin: Asset;
  days: number;
  annualRate: string;
  /** What still earns (the original amount less what was transferred out). */
  principal: string;
  originalAmount: string;
  transferredOut: string;
  /** Interest paid so far (accrued daily by the daily job). */
  interest: string;
  dailyInterest: string;
  status: 'holding' | 'matured' | 'closed';
  createDateTime: string;
  endDateTime: string;
}

export interface FixedDepositConfig {
  products: DepositProduct[];
}

export interface TransferOutResult {
  deposit: FixedDeposit;
  amount: string;
}
