import {
  AppError,
  formatBps,
  HIERARCHICAL_POWER_BPS,
  type NegativeReturnWarning,
  negativeReturnWarnings,
  type PowerCategory,
  type PowerConfig,
  type PowerSession,
} from '@prism/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type PowerServiceDeps, type PowerSessionInput, powerToday } from './context';
import { powerDailyPurchases, powerSessions } from './schema';
import { sessionNetReturn, sessionView } from './view';

export async function powerConfig(deps: PowerServiceDeps): Promise<PowerConfig> {
  return { timeZone: await deps.config.timeZone(), hierarchicalRates: HIERARCHICAL_POWER_BPS.map(formatBps), giftEnabled: true };
}

async function boughtToday(deps: PowerServiceDeps, userId: number | undefined): Promise<Map<number, number>> {
  if (!userId) return new Map();
  const rows = await deps.db
    .select({ sessionId: powerDailyPurchases.sessionId, count: powerDailyPurchases.count })
    .from(powerDailyPurchases)
    .where(and(eq(powerDailyPurchases.userId, userId), eq(powerDailyPurchases.day, await powerToday(deps))));
  return new Map(rows.map((row) => [row.sessionId, row.count]));
}

/** The enabled packages, with how many of each the user bought today. */
export async function powerSessionList(deps: PowerServiceDeps, userId: number | undefined): Promise<PowerSession[]> {
  const [rows, bought] = await Promise.all([
    deps.db
      .select()
      .from(powerSessions)
      .where(eq(powerSessions.enabled, true))
      .orderBy(asc(powerSessions.cateId), asc(powerSessions.sort), asc(powerSessions.id)),
    boughtToday(deps, userId),
  ]);
  return rows.map((row) => sessionView(row, bought.get(row.id) ?? 0));
}

/** The enabled packages grouped by category, in order. */
export async function powerCategories(deps: PowerServiceDeps, userId: number | undefined): Promise<PowerCategory[]> {
  const out: PowerCategory[] = [];
  for (const session of await powerSessionList(deps, userId)) {
    const last = out.at(-1);
    if (last?.cateId === session.cateId) last.list.push(session);
    else out.push({ cateId: session.cateId, cateName: session.cateName, list: [session] });
  }
  return out;
}

/** Operator: every package, enabled or not. */
export async function adminPowerSessions(db: Database) {
  const rows = await db.select().from(powerSessions).orderBy(asc(powerSessions.cateId), asc(powerSessions.sort), asc(powerSessions.id));
  return rows.map((row) => ({ ...adminFields(row), ...sessionView(row, 0) }));
}

/** What the operator's form needs besides the players' view: the raw fee and the stale-form stamp. */
const adminFields = (row: typeof powerSessions.$inferSelect) => ({
  enabled: row.enabled,
  sort: row.sort,
  feeBps: row.feeBps,
  updatedAt: row.updatedAt.toISOString(),
});

/** Operator: creates a package, or edits one (live holdings keep their own terms). */
export async function savePowerSession(db: Database, input: PowerSessionInput) {
  const { id, ...fields } = input;
  const values = { ...fields, updatedAt: new Date() };
  const [row] = id
    ? await db.update(powerSessions).set(values).where(eq(powerSessions.id, id)).returning()
    : await db.insert(powerSessions).values(values).returning();
  if (!row) throw new AppError('POWER_SESSION_UNKNOWN');
  return { ...adminFields(row), ...sessionView(row, 0), warnings: warningsOf(row) };
}

/** Operator: enabled packages that pay back less than they cost (GET /admin/health). */
export async function powerNegativeReturnWarnings(db: Database): Promise<NegativeReturnWarning[]> {
  const rows = await db.select().from(powerSessions).where(eq(powerSessions.enabled, true)).orderBy(asc(powerSessions.id));
  return rows.flatMap(warningsOf);
}

/** A package's warning for the operator when its net return is negative. */
function warningsOf(row: typeof powerSessions.$inferSelect): NegativeReturnWarning[] {
  return negativeReturnWarnings({ product: 'power', id: row.id, name: row.name }, sessionNetReturn(row));
}
