import { AppError, type Asset, type DepositProduct, type Money } from '@prism/domain';
import { asc } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { changeProduct, definedOf } from '../holding';
import { depositProducts } from './schema';
import { type ProductRow, toDepositProductView } from './views';

export interface DepositProductSetting {
  id?: number | undefined;
  name?: string | undefined;
  coin?: Asset | undefined;
  days?: number | undefined;
  annualRateBp?: number | undefined;
  minAmount?: Money | undefined;
  enabled?: boolean | undefined;
  sort?: number | undefined;
}

/** Every term, enabled or not (the operator's list). */
export async function adminProducts(db: Database) {
  const rows = await db.select().from(depositProducts).orderBy(asc(depositProducts.sort), asc(depositProducts.id));
  return rows.map((row) => ({
    ...toDepositProductView(row),
    annualRateBp: row.annualRateBp,
    enabled: row.enabled,
    sort: row.sort,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** Adds a term (no id) or changes one; open deposits keep the terms they were opened with. */
export async function saveProduct(db: Database, now: () => Date, input: DepositProductSetting): Promise<DepositProduct> {
  const changes = { ...definedOf(input), updatedAt: now() };
  if (input.id === undefined) {
    const { name, days, annualRateBp, minAmount } = input;
    // A new term needs all four; the error names the first one missing (annualRateBp is typed as annualRate).
    const missing = [
      ['name', name || undefined],
      ['days', days],
      ['annualRate', annualRateBp],
      ['minAmount', minAmount],
    ].find(([, value]) => value === undefined);
    if (missing || !name || days === undefined || annualRateBp === undefined || minAmount === undefined)
      throw AppError.invalid({ [String(missing?.[0] ?? 'name')]: 'FIELD_INVALID' });
    const [row] = await db
      .insert(depositProducts)
      .values({ ...changes, name, days, annualRateBp, minAmount, createdAt: now() })
      .returning();
    return toDepositProductView(row as ProductRow);
  }
  const row = await changeProduct(db, depositProducts, input.id, changes);
  if (!row) throw new AppError('INVEST_PRODUCT_UNKNOWN');
  return toDepositProductView(row);
}

/** Demo terms for a fresh database (only when none exists). */
export async function seedDepositProducts(db: Executor, now: Date): Promise<void> {
  const [any] = await db.select({ id: depositProducts.id }).from(depositProducts).limit(1);
  if (any) return;
  await db.insert(depositProducts).values([
    { name: '7 days', days: 7, annualRateBp: 300, minAmount: 10_00n, sort: 1, createdAt: now },
    { name: '30 days', days: 30, annualRateBp: 500, minAmount: 10_00n, sort: 2, createdAt: now },
    { name: '90 days', days: 90, annualRateBp: 800, minAmount: 100_00n, sort: 3, createdAt: now },
  ]);
}
