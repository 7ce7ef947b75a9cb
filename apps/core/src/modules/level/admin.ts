import {
  AppError,
  ASSETS,
  type Asset,
  formatMoney,
  formatTaskAmount,
  isMoneyTaskKind,
  LEVEL_TASK_KINDS,
  type LevelTaskKind,
  parseMoney,
} from '@prism/domain';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { LevelRulesCache } from './config';
import { levels, levelTasks } from './schema';

export interface LevelSetting {
  level: number;
  name: string;
  promotion?: boolean | undefined;
}

export interface TaskSetting {
  /** Absent: a new task of `level`; present: that task changed. */
  id?: number | undefined;
  level?: number | undefined;
  kind?: LevelTaskKind | undefined;
  /** "100" / "100.50" for money kinds, a whole count for 'invite'. */
  target?: string | undefined;
  asset?: Asset | undefined;
  /** A decimal amount; 0 is allowed (a task without a reward). */
  reward?: string | undefined;
  enabled?: boolean | undefined;
}

const INVITE_MAX = 1_000_000n;

/** A task as the operator reads it: target and reward written as they are typed ("100.00", "3"). */
const toAdminTask = (task: typeof levelTasks.$inferSelect) => ({
  ...task,
  target: formatTaskAmount(task.kind as LevelTaskKind, task.target),
  reward: formatMoney(task.reward),
});

/** A target as stored: minor units for money kinds, a whole count for invitations; anything else is refused. */
function parseTarget(kind: LevelTaskKind, text: string): bigint {
  if (isMoneyTaskKind(kind)) {
    const parsed = parseMoney(text);
    if (parsed.ok && parsed.value > 0n) return parsed.value;
  } else if (/^\d{1,7}$/.test(text) && BigInt(text) > 0n && BigInt(text) <= INVITE_MAX) {
    return BigInt(text);
  }
  throw AppError.invalid({ target: 'FIELD_INVALID' });
}

function parseReward(text: string): bigint {
  const parsed = parseMoney(text);
  if (!parsed.ok) throw AppError.invalid({ reward: 'AMOUNT_FORMAT' });
  return parsed.value;
}

/** The operator's view and edits of the level configuration (`npm run ops -- levels ...`). */
export function createLevelAdmin(db: Database, rules: LevelRulesCache) {
  return {
    async list() {
      const [levelRows, taskRows] = await Promise.all([
        db.select().from(levels).orderBy(asc(levels.level)),
        db.select().from(levelTasks).orderBy(asc(levelTasks.level), asc(levelTasks.id)),
      ]);
      return levelRows.map((row) => ({
        ...row,
        tasks: taskRows.filter((task) => task.level === row.level).map(toAdminTask),
      }));
    },

    /** One level as list() shows it (without its tasks); undefined when there is none. */
    async level(level: number) {
      const [row] = await db.select().from(levels).where(eq(levels.level, level));
      return row;
    },

    /** One task as list() shows it; undefined when there is none. */
    async task(id: number) {
      const [row] = await db.select().from(levelTasks).where(eq(levelTasks.id, id));
      return row && toAdminTask(row);
    },

    async setLevel(input: LevelSetting) {
      const updatedAt = new Date();
      const values = { level: input.level, name: input.name, promotion: input.promotion ?? false, updatedAt };
      const set =
        input.promotion === undefined ? { name: input.name, updatedAt } : { name: input.name, promotion: input.promotion, updatedAt };
      const [row] = await db.insert(levels).values(values).onConflictDoUpdate({ target: levels.level, set }).returning();
      rules.invalidate();
      return row;
    },

    async setTask(input: TaskSetting) {
      const [existing] = input.id === undefined ? [] : await db.select().from(levelTasks).where(eq(levelTasks.id, input.id));
      if (input.id !== undefined && !existing) throw new AppError('LEVEL_TASK_UNKNOWN');
      const { level, kind } = levelAndKindOf(input, existing);
      const [levelRow] = await db.select().from(levels).where(eq(levels.level, level));
      if (!levelRow) throw AppError.invalid({ level: 'FIELD_INVALID' });
      const { target, reward, asset } = amountsOf(input, existing, kind);
      const values = { level, kind, target, reward, asset, enabled: input.enabled ?? existing?.enabled ?? true, updatedAt: new Date() };
      const [row] = existing
        ? await db.update(levelTasks).set(values).where(eq(levelTasks.id, existing.id)).returning()
        : await db.insert(levelTasks).values(values).returning();
      rules.invalidate();
      return row && toAdminTask(row);
    },
  };
}

export type LevelAdmin = ReturnType<typeof createLevelAdmin>;

type TaskRow = typeof levelTasks.$inferSelect;

/** The task's level and kind: as given, or kept from the task being edited. */
function levelAndKindOf(input: TaskSetting, existing: TaskRow | undefined): { level: number; kind: LevelTaskKind } {
  const level = input.level ?? existing?.level;
  const kind = input.kind ?? (existing?.kind as LevelTaskKind | undefined);
  if (level === undefined) throw AppError.invalid({ level: 'FIELD_INVALID' });
  if (!kind || !LEVEL_TASK_KINDS.includes(kind)) throw AppError.invalid({ kind: 'FIELD_INVALID' });
  return { level, kind };
}

/** The task's target, reward and asset: as given (parsed), or kept; a changed kind needs its own target. */
function amountsOf(input: TaskSetting, existing: TaskRow | undefined, kind: LevelTaskKind) {
  const target = input.target === undefined ? existing?.target : parseTarget(kind, input.target);
  if (target === undefined || (input.kind && input.target === undefined && existing?.kind !== input.kind)) {
    throw AppError.invalid({ target: 'FIELD_INVALID' });
  }
  const reward = input.reward === undefined ? existing?.reward : parseReward(input.reward);
  if (reward === undefined) throw AppError.invalid({ reward: 'AMOUNT_REQUIRED' });
  const asset = input.asset ?? (existing?.asset as Asset | undefined) ?? 'CASH';
  if (!ASSETS.includes(asset)) throw AppError.invalid({ asset: 'FIELD_INVALID' });
  return { target, reward, asset };
}
