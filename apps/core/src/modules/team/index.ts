/** The team module's public door: other modules and the composition root import only this file. */

export { startRebateJob } from './job';
export { exportTeam } from './myData';
export { lastRebateRun } from './runs';
export { createTeamService } from './service';
export { effectiveDirectInvitesSql } from './sql';
