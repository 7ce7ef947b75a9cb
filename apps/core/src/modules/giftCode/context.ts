import { type Asset, formatGiftCode, formatMoney, type GiftCodeView, type Money } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Random } from '../../platform/random';
import type { ExclusionGuard } from '../protection';
import type { giftCodes } from './schema';

export interface GiftCodeServiceDeps {
  db: Database;
  clock: Clock;
  random: Random;
  /** A gift code is a promotion that feeds play: refused while the player is self-excluded. */
  refuseExcluded: ExclusionGuard;
}

export interface NewGiftCode {
  asset: Asset;
  amount: Money;
  totalUses: number;
  perUserOnce: boolean;
  /** Valid for this many days from now. */
  days: number;
  createdBy: string;
}

export const toView = (row: typeof giftCodes.$inferSelect): GiftCodeView => ({
  id: row.id,
  code: formatGiftCode(row.code),
  asset: row.asset as Asset,
  amount: formatMoney(row.amount),
  totalUses: row.totalUses,
  usedCount: row.usedCount,
  perUserOnce: row.perUserOnce,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
});

export const pageOffset = (pageNo: number, pageSize: number) => (pageNo - 1) * pageSize;
