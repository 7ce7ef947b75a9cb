import { createConfigService } from '../modules/config/service';
import { runDailyEarnings } from '../modules/earning/job';
import { DAILY_STEPS } from '../modules/earning/steps';
import type { SimulationTarget } from './target';

const DAY_MS = 86_400_000;

/**
 * Runs the daily earning job as if the next `days` days passed after the run,
 * one day at a time (the longest demo package lasts 90 days, but a week shows
 * income, fees and the 7-day maturities). Days already claimed (by a core
 * process's own job) are skipped, as in production.
 */
export async function runEarningDays(target: SimulationTarget, days = 8): Promise<void> {
  const config = createConfigService(target.db, '');
  const start = target.now().getTime();
  for (let day = 0; day <= days; day++) {
    const at = new Date(start + day * DAY_MS);
    await runDailyEarnings(target.db, { now: () => at }, config, DAILY_STEPS);
  }
}
