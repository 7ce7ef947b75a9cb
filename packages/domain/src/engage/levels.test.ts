import { describe, expect, it } from 'vitest';
import { money } from '../money';
import {
  collectRefusal,
  currentLevel,
  DEFAULT_LEVELS,
  formatTaskAmount,
  hasPromotionReward,
  type LevelFigures,
  type LevelRule,
  levelState,
  taskProgress,
  taskState,
} from './levels';

let nextId = 1;
const rules: LevelRule[] = DEFAULT_LEVELS.map((level) => ({ ...level, tasks: level.tasks.map((task) => ({ ...task, id: nextId++ })) }));
const figures = (over: Partial<LevelFigures> = {}): LevelFigures => ({ recharge: 0n, invite: 0n, bet: 0n, power: 0n, ...over });
const levelOf = (over: Partial<LevelFigures>) => currentLevel(rules, figures(over))?.level;

describe('level evaluation', () => {
  it('starts at V0 and reaches each level only when all its tasks are met', () => {
    expect(levelOf({})).toBe(0);
    expect(levelOf({ recharge: money(99) })).toBe(0);
    expect(levelOf({ recharge: money(100) })).toBe(1);
    // V2 needs a recharge of 500 AND one effective invitation.
    expect(levelOf({ recharge: money(500) })).toBe(1);
    expect(levelOf({ recharge: money(500), invite: 1n })).toBe(2);
    expect(levelOf({ recharge: money(1000), invite: 3n, bet: money(2000) })).toBe(3);
    expect(currentLevel(rules, figures({ recharge: money(1000), invite: 3n, bet: money(2000) }))?.name).toBe('VU');
  });

  it('reaches levels in order: meeting a higher level does not skip an unmet lower one', () => {
    // V2's recharge is met but V1's bet is not: still V0.
    const gap: LevelRule[] = [
      { level: 0, name: 'V0', promotion: false, tasks: [] },
      { level: 1, name: 'V1', promotion: false, tasks: [{ id: 1, kind: 'bet', target: money(10), asset: 'CASH', reward: 1n }] },
      { level: 2, name: 'V2', promotion: false, tasks: [{ id: 2, kind: 'recharge', target: money(10), asset: 'CASH', reward: 1n }] },
    ];
    expect(currentLevel(gap, figures({ recharge: money(50) }))?.level).toBe(0);
    expect(currentLevel(gap, figures({ recharge: money(50), bet: money(10) }))?.level).toBe(2);
    expect(currentLevel([], figures())).toBeUndefined();
  });

  it('names level states: completed up to the current level, upgrade for the next, locked above', () => {
    expect(levelState(rules, 0, 1)).toBe('completed');
    expect(levelState(rules, 1, 1)).toBe('completed');
    expect(levelState(rules, 2, 1)).toBe('upgrade');
    expect(levelState(rules, 3, 1)).toBe('locked');
    expect(levelState(rules, 5, 5)).toBe('completed');
  });

  it('gives each task its button: go, collect, finished; locked in a level not unlocked', () => {
    const v2Recharge = rules[2]?.tasks[0];
    if (!v2Recharge) throw new Error('seed changed');
    expect(taskState(v2Recharge, figures({ recharge: money(499) }), 'upgrade', false)).toBe('go');
    expect(taskState(v2Recharge, figures({ recharge: money(500) }), 'upgrade', false)).toBe('collect');
    expect(taskState(v2Recharge, figures({ recharge: money(500) }), 'upgrade', true)).toBe('finished');
    expect(taskState(v2Recharge, figures({ recharge: money(500) }), 'locked', false)).toBe('locked');
    expect(taskState(v2Recharge, figures({ recharge: money(500) }), 'completed', false)).toBe('collect');
  });

  it('refuses to collect twice, in a locked level, or before the task is met', () => {
    const task = { id: 9, kind: 'invite' as const, target: 2n, asset: 'CASH' as const, reward: 1n };
    expect(collectRefusal(task, 'upgrade', figures({ invite: 2n }), false)).toBeUndefined();
    expect(collectRefusal(task, 'upgrade', figures({ invite: 2n }), true)).toBe('collected');
    expect(collectRefusal(task, 'locked', figures({ invite: 2n }), false)).toBe('locked');
    expect(collectRefusal(task, 'upgrade', figures({ invite: 1n }), false)).toBe('not_completed');
  });

  it('caps progress at the target and formats money and counts', () => {
    const task = { kind: 'recharge' as const, target: money(100) };
    expect(taskProgress(task, figures({ recharge: money(250) }))).toBe(money(100));
    expect(taskProgress(task, figures({ recharge: 5n }))).toBe(5n);
    expect(formatTaskAmount('recharge', money(100))).toBe('100.00');
    expect(formatTaskAmount('invite', 3n)).toBe('3');
  });

  it('grants the subordinate promotion reward from VU up, and seeds no power task', () => {
    expect(hasPromotionReward(rules, 2)).toBe(false);
    expect(hasPromotionReward(rules, 3)).toBe(true);
    expect(hasPromotionReward(rules, 5)).toBe(true);
    expect(rules.flatMap((rule) => rule.tasks).some((task) => task.kind === 'power')).toBe(false);
  });
});
