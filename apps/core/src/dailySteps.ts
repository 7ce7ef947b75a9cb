import type { DailyStep } from './modules/earning';
import { depositInterestStep, depositMaturityStep } from './modules/fixedDeposit';
import { followInvestEarningsStep, followInvestMaturityStep } from './modules/followInvest';
import { POWER_DAILY_STEPS } from './modules/power';

/**
 * The daily job's steps, in the order they run within a day. Each feature
 * module owns its step (what it pays and to whom); this list only orders them.
 * It lives in the composition root so that the earning module knows no product:
 * the job is handed its steps (the products depend on earning, never the reverse).
 */
export const DAILY_STEPS: readonly DailyStep[] = [
  // power: income, then the management fee against it, then maturities
  ...POWER_DAILY_STEPS,
  // follow-invest: the last day's earning is paid before the order matures
  followInvestEarningsStep,
  followInvestMaturityStep,
  // fixed deposit: interest on the principal held at the day's end, then term-end returns
  depositInterestStep,
  depositMaturityStep,
];
