import { currentLevel } from '@prism/domain';
import type { Executor } from '../../db/client';
import type { Scalar } from '../../db/scalars';
import { collectLevelTask } from './collect';
import { levelFiguresScalar } from './figures';
import { type LevelServiceDeps, levelList } from './list';

export type { LevelServiceDeps } from './list';

/** Levels with upgrade tasks: the user's level (for user info too), the list with progress, and collecting a task's reward. */
export function createLevelService(deps: LevelServiceDeps) {
  const { db, rules } = deps;
  return {
    list: (userId: number) => levelList(deps, db, userId),

    /**
     * getUserInfo's level and levelName, as one value of its statement: the figures, read as the
     * level they reach under the rules (operator configuration, in process) when it is read.
     */
    currentScalar(userId: number): Scalar<Promise<{ level: number; levelName: string }>> {
      const figures = levelFiguresScalar(userId);
      return {
        sql: figures.sql,
        read: async (value) => {
          const reached = currentLevel(await rules.get(), figures.read(value));
          return { level: reached?.level ?? 0, levelName: reached?.name ?? 'V0' };
        },
      };
    },

    /** Whether the user's level unlocks the subordinate promotion reward (VU and above), for the team rebates. */
    async hasPromotionReward(userId: number): Promise<boolean> {
      return (await levelList(deps, db, userId)).promotion;
    },

    collect: (tx: Executor, userId: number, taskId: number) => collectLevelTask(deps, tx, userId, taskId),
  };
}

export type LevelService = ReturnType<typeof createLevelService>;
