import { type AdvisorProduct, AppError, type Asset, type Money, type NegativeReturnWarning } from '@prism/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { changeProduct, definedOf } from '../holding';
import { advisorProducts } from './schema';
import { type ProductRow, productWarnings, toProductView } from './views';

export interface FollowInvestProductSetting {
  id?: number | undefined;
  advisorName?: string | undefined;
  avatarUrl?: string | undefined;
  coin?: Asset | undefined;
  price?: Money | undefined;
  days?: number | undefined;
  dailyRateBp?: number | undefined;
  giftRateBp?: number | undefined;
  enabled?: boolean | undefined;
  /** null clears the end. */
  availableUntil?: Date | null | undefined;
  sort?: number | undefined;
}

type AdminProduct = AdvisorProduct & { enabled: boolean; sort: number; dailyRateBp: number; giftRateBp: number; updatedAt: string };
type SavedProduct = AdvisorProduct & { warnings: NegativeReturnWarning[] };

/** Every product, enabled or not (the operator's list). */
export async function adminProducts(db: Database): Promise<AdminProduct[]> {
  const rows = await db.select().from(advisorProducts).orderBy(asc(advisorProducts.sort), asc(advisorProducts.id));
  return rows.map((row) => ({
    ...toProductView(row),
    enabled: row.enabled,
    sort: row.sort,
    dailyRateBp: row.dailyRateBp,
    giftRateBp: row.giftRateBp,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Operator: enabled products that pay back less than they cost (GET /admin/health). */
export async function productWarningsOf(db: Database): Promise<NegativeReturnWarning[]> {
  const rows = await db.select().from(advisorProducts).where(eq(advisorProducts.enabled, true)).orderBy(asc(advisorProducts.id));
  return rows.flatMap(productWarnings);
}

const saved = (row: ProductRow): SavedProduct => ({ ...toProductView(row), warnings: productWarnings(row) });

/**
 * Adds a product (no id) or changes one; running orders keep the terms they were
 * placed with. The answer carries a warning when it pays back less than it costs.
 */
export async function saveProduct(db: Database, now: Date, input: FollowInvestProductSetting): Promise<SavedProduct> {
  if (input.id === undefined) {
    const { advisorName, price, days, dailyRateBp } = input;
    // A new product needs all four; the error names the first one missing (dailyRateBp is typed as dailyRate).
    const missing = [
      ['advisorName', advisorName || undefined],
      ['price', price],
      ['days', days],
      ['dailyRate', dailyRateBp],
    ].find(([, value]) => value === undefined);
    if (missing || !advisorName || price === undefined || days === undefined || dailyRateBp === undefined) {
      throw AppError.invalid({ [String(missing?.[0] ?? 'advisorName')]: 'FIELD_INVALID' });
    }
    const [row] = await db
      .insert(advisorProducts)
      .values({ ...definedOf(input), advisorName, price, days, dailyRateBp, createdAt: now, updatedAt: now })
      .returning();
    return saved(row as ProductRow);
  }
  const row = await changeProduct(db, advisorProducts, input.id, { ...definedOf(input), updatedAt: now });
  if (!row) throw new AppError('INVEST_PRODUCT_UNKNOWN');
  return saved(row);
}

/** Demo products for a fresh database (only when none exists, so the operator's edits are never undone). */
export async function seedFollowInvestProducts(db: Executor, now: Date): Promise<void> {
  const [any] = await db.select({ id: advisorProducts.id }).from(advisorProducts).limit(1);
  if (any) return;
  await db.insert(advisorProducts).values([
    { advisorName: 'Alice Chen', price: 100_00n, days: 7, dailyRateBp: 80, giftRateBp: 0, sort: 1, createdAt: now },
    { advisorName: 'Rahul Mehta', price: 500_00n, days: 15, dailyRateBp: 100, giftRateBp: 50, sort: 2, createdAt: now },
    { advisorName: 'Linh Tran', price: 1000_00n, days: 30, dailyRateBp: 120, giftRateBp: 100, sort: 3, createdAt: now },
  ]);
}
