import type { Asset } from '../constants';
import { formatMoney, type Money, money } from '../money';

/**
 * Levels with upgrade tasks (specification points 4 and 6).
 *
 * Each level above the lowest carries upgrade tasks; a task is met when the
 * user's figure of its kind reaches its target. Levels are reached IN ORDER:
 * the user's level is the highest level such that every task of it and of
 * every level below it is met (the lowest level, V0, is always reached). A
 * level without tasks is reached together with the level below it.
 *
 * Figures are cumulative over the user's whole history:
 * - recharge: credited recharges and chain deposits (CASH and USDT at face value), in minor units;
 * - invite:   effective invitations, a count (direct invitees who bound a withdrawal wallet or bank card);
 * - bet:      bet turnover, the user's stakes that were not voided, each at its value in CASH by the
 *             platform's exchange rates (valueIn: 100 POINT count 1 CASH), in minor units;
 * - power:    power held, in minor units. The power feature does not exist yet: the kind is defined so
 *             operators can configure it later, no default task uses it, and its figure is 0 until then.
 */
export const LEVEL_TASK_KINDS = ['recharge', 'invite', 'bet', 'power'] as const;
export type LevelTaskKind = (typeof LEVEL_TASK_KINDS)[number];

/** Kinds whose target and figure are money (minor units); the others are counts. */
export const isMoneyTaskKind = (kind: LevelTaskKind): boolean => kind !== 'invite';

export type LevelFigures = Record<LevelTaskKind, bigint>;

export interface LevelTaskRule {
  id: number;
  kind: LevelTaskKind;
  /** Minor units for money kinds, a count for 'invite'. */
  target: bigint;
  asset: Asset;
  reward: Money;
}

export interface LevelRule {
  level: number;
  name: string;
  /** The level unlocks the subordinate promotion reward for itself and every level above (VU, docs/api.md, "Levels with upgrade tasks"). */
  promotion: boolean;
  tasks: LevelTaskRule[];
}

/** A level as the user sees it: not unlocked / needs upgrade tasks / all completed. */
export type LevelState = 'locked' | 'upgrade' | 'completed';
/**
 * A task's button: 'go' (go to complete), 'collect' (met, reward waiting),
 * 'finished' (reward collected); 'locked' while its level is not unlocked.
 */
export type LevelTaskState = 'locked' | 'go' | 'collect' | 'finished';

const byLevel = (rules: readonly LevelRule[]) => [...rules].sort((a, b) => a.level - b.level);

export const isTaskMet = (task: Pick<LevelTaskRule, 'kind' | 'target'>, figures: LevelFigures): boolean =>
  figures[task.kind] >= task.target;

/** The user's level: the highest reached in order. Undefined only when there are no levels at all. */
export function currentLevel(rules: readonly LevelRule[], figures: LevelFigures): LevelRule | undefined {
  const sorted = byLevel(rules);
  let reached = sorted[0];
  for (const rule of sorted.slice(1)) {
    if (!rule.tasks.every((task) => isTaskMet(task, figures))) break;
    reached = rule;
  }
  return reached;
}

/** A level's state, given the user's current level: below or at it completed, the next one upgrade, above locked. */
export function levelState(rules: readonly LevelRule[], level: number, current: number): LevelState {
  if (level <= current) return 'completed';
  const next = byLevel(rules).find((rule) => rule.level > current);
  return next?.level === level ? 'upgrade' : 'locked';
}

export function taskState(task: LevelTaskRule, figures: LevelFigures, level: LevelState, collected: boolean): LevelTaskState {
  if (collected) return 'finished';
  if (level === 'locked') return 'locked';
  return isTaskMet(task, figures) ? 'collect' : 'go';
}

/** Progress capped at the target, so a bar never runs past full. */
export const taskProgress = (task: Pick<LevelTaskRule, 'kind' | 'target'>, figures: LevelFigures): bigint =>
  figures[task.kind] < task.target ? figures[task.kind] : task.target;

/** A target or progress on the wire: "100.00" for money kinds, "3" for counts. */
export const formatTaskAmount = (kind: LevelTaskKind, value: bigint): string =>
  isMoneyTaskKind(kind) ? formatMoney(value) : value.toString();

/** Whether a user at `current` gets the subordinate promotion reward: some level at or below it unlocks it. */
export function hasPromotionReward(rules: readonly LevelRule[], current: number): boolean {
  return rules.some((rule) => rule.promotion && rule.level <= current);
}

/** Why a task may not be collected now, or undefined when it may. */
export function collectRefusal(
  task: LevelTaskRule,
  level: LevelState,
  figures: LevelFigures,
  collected: boolean,
): 'collected' | 'locked' | 'not_completed' | undefined {
  if (collected) return 'collected';
  if (level === 'locked') return 'locked';
  if (!isTaskMet(task, figures)) return 'not_completed';
  return undefined;
}

export type DefaultTask = Omit<LevelTaskRule, 'id'>;
const cash = (kind: LevelTaskKind, target: bigint, reward: number): DefaultTask => ({ kind, target, asset: 'CASH', reward: money(reward) });

/**
 * The seeded defaults (operators change them with `npm run ops -- levels ...`).
 * Level 3 is called VU: it unlocks the subordinate promotion reward.
 */
export interface DefaultLevel extends Omit<LevelRule, 'tasks'> {
  tasks: DefaultTask[];
}

export const DEFAULT_LEVELS: readonly DefaultLevel[] = [
  { level: 0, name: 'V0', promotion: false, tasks: [] },
  { level: 1, name: 'V1', promotion: false, tasks: [cash('recharge', money(100), 5)] },
  { level: 2, name: 'V2', promotion: false, tasks: [cash('recharge', money(500), 10), cash('invite', 1n, 5)] },
  {
    level: 3,
    name: 'VU',
    promotion: true,
    tasks: [cash('recharge', money(1000), 20), cash('invite', 3n, 10), cash('bet', money(2000), 10)],
  },
  {
    level: 4,
    name: 'V4',
    promotion: false,
    tasks: [cash('recharge', money(5000), 50), cash('invite', 10n, 30), cash('bet', money(20_000), 50)],
  },
  {
    level: 5,
    name: 'V5',
    promotion: false,
    tasks: [cash('recharge', money(20_000), 100), cash('invite', 30n, 80), cash('bet', money(100_000), 100)],
  },
];
