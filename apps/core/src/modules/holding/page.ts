import type { Paged } from '@prism/domain';
import { count, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';

/** A product's holdings table: one row per holding, keyed by `id`, owned by `userId`. */
export type HoldingTable = PgTable & { id: AnyPgColumn; userId: AnyPgColumn };

/** One page of the user's holdings of a product, newest first, as the wire shows them. */
export async function userHoldingsPage<T extends HoldingTable, View>(
  db: Database,
  table: T,
  view: (row: T['$inferSelect']) => View,
  { userId, pageNo, pageSize }: { userId: number; pageNo: number; pageSize: number },
): Promise<Paged<View>> {
  const mine = eq(table.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(mine)
      .orderBy(desc(table.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(mine),
  ]);
  return { content: (rows as T['$inferSelect'][]).map(view), totalElements: total?.n ?? 0, pageNo };
}

/** The fields the operator gave (undefined ones are left as they are), without the id. */
export function definedOf<T extends { id?: number | undefined }>(input: T): Partial<Omit<T, 'id'>> {
  const { id: _id, ...rest } = input;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)) as Partial<Omit<T, 'id'>>;
}

/**
 * Changes the fields the operator gave of product `id` (none given: reads it as
 * it is); undefined when there is no such product. Running holdings keep the
 * terms they were opened with: they copied them.
 */
export async function changeProduct<T extends PgTable & { id: AnyPgColumn }>(
  db: Database,
  table: T,
  id: number,
  changes: Record<string, unknown>,
): Promise<T['$inferSelect'] | undefined> {
  const [row] =
    Object.keys(changes).length === 0
      ? await db
          .select()
          .from(table as PgTable)
          .where(eq(table.id, id))
      : await db
          .update(table as PgTable)
          .set(changes)
          .where(eq(table.id, id))
          .returning();
  return row as T['$inferSelect'] | undefined;
}
