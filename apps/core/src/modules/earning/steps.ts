import { POWER_DAILY_STEPS } from '../power/steps';
import type { DailyStep } from './step';

/**
 * The daily job's steps, in the order they run within a day. Each feature
 * module owns its step (what it pays and to whom); this list only orders them.
 */
export const DAILY_STEPS: readonly DailyStep[] = [...POWER_DAILY_STEPS];
