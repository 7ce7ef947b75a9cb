import { depositInterestStep, depositMaturityStep } from '../fixedDeposit/steps';
import { advisorEarningsStep, advisorMaturityStep } from '../followInvest/steps';
import { POWER_DAILY_STEPS } from '../power/steps';
import type { DailyStep } from './step';

/**
 * The daily job's steps, in the order they run within a day. Each feature
 * module owns its step (what it pays and to whom); this list only orders them.
 */
export const DAILY_STEPS: readonly DailyStep[] = [
  // power: income, then the management fee against it, then maturities
  ...POWER_DAILY_STEPS,
  // advisor follow-invest: the last day's earning is paid before the order matures
  advisorEarningsStep,
  advisorMaturityStep,
  // fixed deposit: interest on the principal held at the day's end, then term-end returns
  depositInterestStep,
  depositMaturityStep,
];
