import { money } from '@prism/domain';
import type { Executor } from '../../db/client';
import { powerSessions } from './schema';

/** Demo packages, seeded once into an empty table so the operator's edits are never undone. */
const DEMO_SESSIONS = [
  {
    cateId: 1,
    cateName: 'Starter',
    name: 'Starter 7',
    price: money(10),
    power: money(10),
    termDays: 7,
    dailyRateBps: 100,
    feeBps: 5,
    dailyLimit: 3,
    sort: 1,
  },
  {
    cateId: 1,
    cateName: 'Starter',
    name: 'Starter 15',
    price: money(50),
    power: money(50),
    termDays: 15,
    dailyRateBps: 120,
    feeBps: 5,
    dailyLimit: 2,
    sort: 2,
  },
  {
    cateId: 2,
    cateName: 'Advanced',
    name: 'Advanced 30',
    price: money(200),
    power: money(200),
    termDays: 30,
    dailyRateBps: 150,
    feeBps: 10,
    dailyLimit: 2,
    sort: 1,
  },
  {
    cateId: 2,
    cateName: 'Advanced',
    name: 'Advanced 60',
    price: money(500),
    power: money(500),
    termDays: 60,
    dailyRateBps: 180,
    feeBps: 10,
    dailyLimit: 1,
    sort: 2,
  },
  {
    cateId: 3,
    cateName: 'Premium',
    name: 'Premium 90',
    price: money(2000),
    power: money(2000),
    termDays: 90,
    dailyRateBps: 200,
    feeBps: 15,
    dailyLimit: 1,
    sort: 1,
  },
].map((row) => ({ ...row, coin: 'CASH' }));

export async function seedPowerSessions(db: Executor): Promise<void> {
  const [any] = await db.select({ id: powerSessions.id }).from(powerSessions).limit(1);
  if (any) return;
  await db.insert(powerSessions).values(DEMO_SESSIONS);
}
