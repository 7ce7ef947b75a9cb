import { type Asset, DEFAULT_LEVELS, type LevelRule, type LevelTaskKind } from '@prism/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type Cached, cached } from '../../platform/cached';
import { levels, levelTasks } from './schema';

/** Seeds the default levels and their tasks once: only when no level exists, so the operator's edits are never undone. */
export async function seedLevels(db: Executor): Promise<void> {
  const [any] = await db.select({ level: levels.level }).from(levels).limit(1);
  if (any) return;
  await db
    .insert(levels)
    .values(DEFAULT_LEVELS.map(({ level, name, promotion }) => ({ level, name, promotion })))
    .onConflictDoNothing();
  const tasks = DEFAULT_LEVELS.flatMap((level) => level.tasks.map((task) => ({ ...task, level: level.level })));
  if (tasks.length > 0) await db.insert(levelTasks).values(tasks);
}

/** Every level with its enabled tasks, lowest first. */
export async function loadLevelRules(db: Executor): Promise<LevelRule[]> {
  // One after the other: `db` may be a transaction, whose one connection runs one query at a time
  // (pg 8 warns of concurrent ones, pg 9 refuses them).
  const levelRows = await db.select().from(levels).orderBy(asc(levels.level));
  const taskRows = await db.select().from(levelTasks).where(eq(levelTasks.enabled, true)).orderBy(asc(levelTasks.id));
  return levelRows.map((row) => ({
    level: row.level,
    name: row.name,
    promotion: row.promotion,
    tasks: taskRows
      .filter((task) => task.level === row.level)
      .map((task) => ({
        id: task.id,
        kind: task.kind as LevelTaskKind,
        target: task.target,
        asset: task.asset as Asset,
        reward: task.reward,
      })),
  }));
}

/**
 * The level rules every user's level is computed from (getUserInfo, the list), kept in process
 * (platform/cached.ts): the operator's edits through createLevelAdmin drop it here, another
 * worker's are seen within CONFIG_CACHE_MS. Collecting a reward reads them afresh in its transaction.
 */
export type LevelRulesCache = Cached<LevelRule[]>;

export function levelRulesCache(db: Executor): LevelRulesCache {
  return cached(() => loadLevelRules(db));
}
