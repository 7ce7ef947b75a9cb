import { seedConfig } from '../modules/config/service';
import { seedContent } from '../modules/content/service';
import { seedDepositProducts } from '../modules/fixedDeposit/service';
import { seedAdvisorProducts } from '../modules/followInvest/service';
import { seedGameRooms } from '../modules/game';
import { seedLevels } from '../modules/level/config';
import { seedPowerSessions } from '../modules/power/seed';
import { seedPayChannels } from '../modules/recharge/seed';
import { seedWalletConfig } from '../modules/wallet/config';
import type { Database } from './client';

/** Demo configuration for a fresh database; re-running changes nothing that exists. */
export async function seedDatabase(db: Database): Promise<void> {
  await seedConfig(db);
  await seedWalletConfig(db);
  await seedPayChannels(db);
  await seedGameRooms(db);
  await seedLevels(db);
  await seedContent(db);
  await seedPowerSessions(db);
  await seedAdvisorProducts(db, new Date());
  await seedDepositProducts(db, new Date());
}
