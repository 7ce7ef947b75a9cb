import {
  AppError,
  collectRefusal,
  currentLevel,
  formatMoney,
  formatTaskAmount,
  hasPromotionReward,
  type LevelCollectResult,
  type LevelFigures,
  type LevelList,
  type LevelRule,
  levelState,
  taskProgress,
  taskState,
} from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Scalar } from '../../db/scalars';
import type { Clock } from '../../platform/clock';
import { transfer } from '../ledger';
import { postMessage } from '../message';
import type { ExclusionGuard } from '../protection';
import { type LevelRulesCache, loadLevelRules } from './config';
import { levelFigures, levelFiguresScalar } from './figures';
import { levelTaskClaims } from './schema';

async function collectedTaskIds(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db.select({ taskId: levelTaskClaims.taskId }).from(levelTaskClaims).where(eq(levelTaskClaims.userId, userId));
  return new Set(rows.map((row) => row.taskId));
}

function toList(rules: LevelRule[], figures: LevelFigures, collected: Set<number>): LevelList {
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

const REFUSALS = { collected: 'LEVEL_TASK_COLLECTED', locked: 'LEVEL_LOCKED', not_completed: 'LEVEL_TASK_NOT_COMPLETED' } as const;

/** Levels with upgrade tasks: the user's level (for user info too), the list with progress, and collecting a task's reward. */
export function createLevelService({
  db,
  clock,
  rules,
  refuseExcluded,
}: {
  db: Database;
  clock: Clock;
  rules: LevelRulesCache;
  /** Level rewards are bonuses that feed play: collecting is refused while the player is self-excluded. */
  refuseExcluded: ExclusionGuard;
}) {
  async function list(executor: Executor, userId: number): Promise<LevelList> {
    const [levelRules, figures, collected] = await Promise.all([
      rules.get(),
      levelFigures(executor, userId),
      collectedTaskIds(executor, userId),
    ]);
    return toList(levelRules, figures, collected);
  }

  return {
    list: (userId: number) => list(db, userId),

    /** getUserInfo's level and levelName, as one value of its statement (the rules are in process). */
    async currentScalar(userId: number): Promise<Scalar<{ level: number; levelName: string }>> {
      const levelRules = await rules.get();
      const figures = levelFiguresScalar(userId);
      return {
        sql: figures.sql,
        read: (value) => {
          const reached = currentLevel(levelRules, figures.read(value));
          return { level: reached?.level ?? 0, levelName: reached?.name ?? 'V0' };
        },
      };
    },

    /** Whether the user's level unlocks the subordinate promotion reward (VU and above), for the team rebates. */
    async hasPromotionReward(userId: number): Promise<boolean> {
      return (await list(db, userId)).promotion;
    },

    /**
     * Collects inside the caller's transaction: the task must exist, its level
     * be unlocked and its target met; the (user, task) unique index decides a
     * race, so the loser inserts nothing and gets LEVEL_TASK_COLLECTED; then the
     * ledger pays from 'rewards' under a key that can be written only once.
     */
    async collect(tx: Executor, userId: number, taskId: number): Promise<LevelCollectResult> {
      await refuseExcluded(tx, userId);
      // In turn: one transaction's connection runs one query at a time.
      const rules = await loadLevelRules(tx);
      const figures = await levelFigures(tx, userId);
      const collected = await collectedTaskIds(tx, userId);
      const rule = rules.find((level) => level.tasks.some((task) => task.id === taskId));
      const task = rule?.tasks.find((candidate) => candidate.id === taskId);
      if (!rule || !task) throw new AppError('LEVEL_TASK_UNKNOWN');
      const current = currentLevel(rules, figures)?.level ?? 0;
      const refusal = collectRefusal(task, levelState(rules, rule.level, current), figures, collected.has(taskId));
      if (refusal) throw new AppError(REFUSALS[refusal]);
      const now = clock.now();
      const [claim] = await tx
        .insert(levelTaskClaims)
        .values({ userId, taskId, asset: task.asset, reward: task.reward, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: levelTaskClaims.id });
      if (!claim) throw new AppError('LEVEL_TASK_COLLECTED');
      if (task.reward > 0n) {
        await transfer(
          tx,
          {
            asset: task.asset,
            from: { system: 'rewards' },
            to: { userId },
            amount: task.reward,
            type: 'reward',
            reference: `level_task:${claim.id}`,
            idempotencyKey: `level_task:${userId}:${taskId}`,
            meta: { kind: 'level_task', taskId, level: rule.level },
          },
          now,
        );
        await postMessage(tx, clock, userId, 'reward_level_task', {
          level: String(rule.level),
          amount: formatMoney(task.reward),
          asset: task.asset,
        });
      }
      collected.add(taskId);
      return { ...toList(rules, figures, collected), taskId, reward: formatMoney(task.reward), asset: task.asset };
    },
  };
}

export type LevelService = ReturnType<typeof createLevelService>;
