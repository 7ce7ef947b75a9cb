import { DAILY_STEPS } from '../dailySteps';
import { createConfigService } from '../modules/config/service';
import { runDailyEarnings } from '../modules/earning/job';
import { REBATE_GRACE_MS, runRebates } from '../modules/team/job';
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

/** Runs the team rebate job a day after the run: every finished day not paid yet is paid once. */
export async function runTeamRebates(target: SimulationTarget): Promise<void> {
  const at = new Date(target.now().getTime() + DAY_MS + REBATE_GRACE_MS);
  await runRebates(target.db, { now: () => at }, createConfigService(target.db, ''));
}
