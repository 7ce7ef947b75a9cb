import {
  currentLevel,
  formatMoney,
  formatTaskAmount,
  hasPromotionReward,
  type LevelFigures,
  type LevelList,
  type LevelRule,
  levelState,
  taskProgress,
  taskState,
} from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { ExclusionGuard } from '../protection';
import type { LevelRulesCache } from './config';
import { levelFigures } from './figures';
import { levelTaskClaims } from './schema';

export interface LevelServiceDeps {
  db: Database;
  clock: Clock;
  rules: LevelRulesCache;
  /** Level rewards are bonuses that feed play: collecting is refused while the player is self-excluded. */
  refuseExcluded: ExclusionGuard;
}

export async function collectedTaskIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.select({ taskId: levelTaskClaims.taskId }).from(levelTaskClaims).where(eq(levelTaskClaims.userId, userId));
  return new Set(rows.map((row) => row.taskId));
}

export function toList(rules: LevelRule[], figures: LevelFigures, collected: Set<number>): LevelList {
  const current = currentLevel(rules, figures);
  const level = current?.level ?? 0;
  return {
    level,
    levelName: current?.name ?? `V${level}`,
    promotion: hasPromotionReward(rules, level),
    levels: rules.map((rule) => {
      const state = levelState(rules, rule.level, level);
      return {
        level: rule.level,
        levelName: rule.name,
        promotion: rule.promotion,
        state,
        tasks: rule.tasks.map((task) => ({
          id: task.id,
          kind: task.kind,
          target: formatTaskAmount(task.kind, task.target),
          progress: formatTaskAmount(task.kind, taskProgress(task, figures)),
          reward: formatMoney(task.reward),
          asset: task.asset,
          state: taskState(task, figures, state, collected.has(task.id)),
        })),
      };
    }),
  };
}

/** The levels with the user's progress, read through `executor`. */
export async function levelList({ rules }: LevelServiceDeps, executor: Executor, userId: number): Promise<LevelList> {
  const [levelRules, figures, collected] = await Promise.all([
    rules.get(),
    levelFigures(executor, userId),
    collectedTaskIds(executor, userId),
  ]);
  return toList(levelRules, figures, collected);
}
