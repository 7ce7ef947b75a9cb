import type { Paged, TeamInfo, TeamMember } from '@prism/domain';
import type { Database } from '../../db/client';
import { type Reads, readsOf } from '../../db/replicas';
import type { Scalar } from '../../db/scalars';
import type { Clock } from '../../platform/clock';
import type { ConfigService } from '../config';
import { runRebates } from './job';
import { loadRebateSettings, rebateCycleWarnings } from './rates';
import { commissionScalar, loadTeamInfo, type TeamHead, teamMembers } from './stats';

export interface TeamServiceDeps {
  db: Database;
  /** Where the team's statistics and member pages are read (a replica: they tolerate a few seconds of lag). */
  reads?: Reads;
  clock: Clock;
  config: ConfigService;
}

/** The team: statistics, member pages, commissions, and the rebate job (run by server.ts as leader). */
export function createTeamService({ db, clock, config, reads: given }: TeamServiceDeps) {
  const reads = readsOf(given, db);
  return {
    async info(user: TeamHead): Promise<TeamInfo> {
      return loadTeamInfo(reads.lagTolerant(), user, (await loadRebateSettings(config)).rates);
    },
    /** A page of the members at one tier (the wire calls it `level`). */
    members(userId: number, tier: number, pageNo: number): Promise<Paged<TeamMember>> {
      return teamMembers(reads.lagTolerant(), userId, tier, pageNo);
    },
    /** Rebates paid for the platform day before `today` (they are paid shortly after it ends), as one value of getUserInfo's statement. */
    /** Rebates paid to the user for one platform day (`period`, as YYYY-MM-DD), as one value of getUserInfo's statement. */
    commission: (userId: number, period: string): Scalar<bigint> => commissionScalar(userId, period),
    runRebates: () => runRebates(db, clock, config),
    /** Coins in which the settings pay for cycling money through own accounts (the operator's health answer). */
    rebateCycleWarnings: async () => rebateCycleWarnings(db, await loadRebateSettings(config)),
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
