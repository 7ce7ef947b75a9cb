import {
  AppError,
  BET_NAMES,
  DEFAULT_ODDS,
  formatMoney,
  type GameOdds,
  type Money,
  returnToPlayer,
  type SessionTiming,
} from '@prism/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cached } from '../../platform/cached';
import { gameLevels } from './schema';

export interface LevelConfig extends SessionTiming {
  levelName: string;
  enableFlag: boolean;
  baseAmounts: Money[];
  multiples: number[];
  chipMinLimit: Money;
  chipMaxLimit: Money;
  betAmountMax: Money;
  odds: GameOdds;
}

type LevelRow = typeof gameLevels.$inferSelect;

const BASES = '100,1000,10000,100000';
const MULTIPLES = '1,5,10,20,50,100';

/** Three rooms of 60 s, 180 s and 300 s sessions, betting closed for the last 5 s (issue 4). */
const DEFAULT_LEVELS: (typeof gameLevels.$inferInsert)[] = [1, 2, 3].map((level) => ({
  level,
  levelName: `${[1, 3, 5][level - 1]} Min`,
  sessionSeconds: [60, 180, 300][level - 1] as number,
  betCloseSeconds: 5,
  betBaseAmounts: BASES,
  betMultiples: MULTIPLES,
  chipMinLimit: 100n,
  chipMaxLimit: 10_000_000n,
  betAmountMax: 20_000_000n,
  odds: DEFAULT_ODDS,
}));

export async function seedGameLevels(db: Executor): Promise<void> {
  await db.insert(gameLevels).values(DEFAULT_LEVELS).onConflictDoNothing();
}

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

export function toLevelConfig(row: LevelRow): LevelConfig {
  return {
    level: row.level,
    levelName: row.levelName,
    enableFlag: row.enableFlag,
    sessionSeconds: row.sessionSeconds,
    betCloseSeconds: row.betCloseSeconds,
    baseAmounts: list(row.betBaseAmounts).map(BigInt),
    multiples: list(row.betMultiples).map(Number),
    chipMinLimit: row.chipMinLimit,
    chipMaxLimit: row.chipMaxLimit,
    betAmountMax: row.betAmountMax,
    odds: { ...DEFAULT_ODDS, ...(row.odds as Partial<GameOdds>) },
  };
}

export async function listLevels(db: Executor): Promise<LevelConfig[]> {
  return (await db.select().from(gameLevels).orderBy(asc(gameLevels.level))).map(toLevelConfig);
}

export async function loadLevel(db: Executor, level: number): Promise<LevelConfig> {
  const [row] = await db.select().from(gameLevels).where(eq(gameLevels.level, level));
  if (!row) throw new AppError('GAME_LEVEL_UNKNOWN');
  return toLevelConfig(row);
}

/**
 * The rooms as getLevelList and getSession read them, kept in process (platform/cached.ts) with
 * their answer built once: the operator's edits (admin.ts) drop it here, another worker's are
 * seen within CONFIG_CACHE_MS. A bet still checks its room in its own statement.
 */
export function levelCatalog(db: Executor) {
  const rooms = cached(async () => {
    const levels = await listLevels(db);
    return { levels, wire: levels.map(toWireLevel), byLevel: new Map(levels.map((level) => [level.level, level])) };
  });
  return {
    /** getLevelList's answer. */
    wire: async () => (await rooms.get()).wire,
    async level(level: number): Promise<LevelConfig> {
      const found = (await rooms.get()).byLevel.get(level);
      if (!found) throw new AppError('GAME_LEVEL_UNKNOWN');
      return found;
    },
    invalidate: rooms.invalidate,
  };
}

export type LevelCatalog = ReturnType<typeof levelCatalog>;

const pct = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** getLevelList: every field of specification point 3, plus timing, odds and return to player (DESIGN 10). */
export function toWireLevel(level: LevelConfig) {
  const bases = level.baseAmounts.map(formatMoney);
  const rtp = Object.fromEntries(
    BET_NAMES.filter((b) => ['Red', 'Green', 'Violet', 'Big', 'Small', '0'].includes(b)).map((b) => [
      b === '0' ? 'number' : b,
      pct(returnToPlayer(b, level.odds)),
    ]),
  );
  return {
    level: level.level,
    levelName: level.levelName,
    enableFlag: level.enableFlag,
    betBaseAmountStr: bases.join(','),
    betBaseAmount: bases,
    betMultipleStr: level.multiples.join(','),
    betMultiple: level.multiples,
    chipMinLimit: formatMoney(level.chipMinLimit),
    chipMaxLimit: formatMoney(level.chipMaxLimit),
    betAmountMax: formatMoney(level.betAmountMax),
    sessionSeconds: level.sessionSeconds,
    betCloseSeconds: level.betCloseSeconds,
    odds: {
      fee: pct(level.odds.feeBps / 10_000),
      colour: `${level.odds.colourBps / 10_000}x`,
      colourOnViolet: `${level.odds.colourOnVioletBps / 10_000}x`,
      violet: `${level.odds.violetBps / 10_000}x`,
      number: `${level.odds.numberBps / 10_000}x`,
      size: `${level.odds.sizeBps / 10_000}x`,
    },
    returnToPlayer: rtp,
  };
}
