import type { Executor } from '../../db/client';
import { payChannels } from './schema';

/** The built-in play-money channel; real gateways are added as rows with their adapter's name. */
export async function seedPayChannels(db: Executor): Promise<void> {
  await db
    .insert(payChannels)
    .values({ payChannelName: 'sandbox', showName: 'Sandbox (demo money)', gateway: 'sandbox', currency: 'CASH', sort: 0 })
    .onConflictDoNothing();
}
