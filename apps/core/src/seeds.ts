import type { Database } from './db/client';
import { seedConfig } from './modules/config';
import { seedContent } from './modules/content';
import { seedDepositProducts } from './modules/fixedDeposit';
import { seedFollowInvestProducts } from './modules/followInvest';
import { seedGameRooms } from './modules/game';
import { seedLevels } from './modules/level';
import { seedPowerSessions } from './modules/power';
import { seedPayChannels } from './modules/recharge';
import { seedWalletConfig } from './modules/wallet';

/** One module's demo rows for a fresh database; re-running changes nothing that exists. */
export type Seed = (db: Database) => Promise<void>;

/**
 * The seeds, in the order they run. Each module owns its seed (its own tables); this list
 * only orders them. It lives in the composition root so that db/ (the ground) knows no module.
 */
export const SEEDS: readonly Seed[] = [
  seedConfig,
  seedWalletConfig,
  seedPayChannels,
  seedGameRooms,
  seedLevels,
  seedContent,
  seedPowerSessions,
  (db) => seedFollowInvestProducts(db, new Date()),
  (db) => seedDepositProducts(db, new Date()),
];

/** Demo configuration for a fresh database: every module's seed, in order. */
export async function seedDatabase(db: Database): Promise<void> {
  for (const seed of SEEDS) await seed(db);
}
