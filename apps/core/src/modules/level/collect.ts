import { AppError, collectRefusal, currentLevel, formatMoney, type LevelCollectResult, levelState } from '@prism/domain';
import type { Executor } from '../../db/client';
import { transfer } from '../ledger';
import { postMessage } from '../message';
import { loadLevelRules } from './config';
import { levelFigures } from './figures';
import { collectedTaskIds, type LevelServiceDeps, toList } from './list';
import { levelTaskClaims } from './schema';

const REFUSALS = { collected: 'LEVEL_TASK_COLLECTED', locked: 'LEVEL_LOCKED', not_completed: 'LEVEL_TASK_NOT_COMPLETED' } as const;

/**
 * Collects inside the caller's transaction: the task must exist, its level
 * be unlocked and its target met; the (user, task) unique index decides a
 * race, so the loser inserts nothing and gets LEVEL_TASK_COLLECTED; then the
 * ledger pays from 'rewards' under a key that can be written only once.
 */
export async function collectLevelTask(
  { clock, refuseExcluded }: LevelServiceDeps,
  tx: Executor,
  userId: number,
  taskId: number,
): Promise<LevelCollectResult> {
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
}
