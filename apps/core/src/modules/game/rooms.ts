import {
  AppError,
  BET_NAMES,
  DEFAULT_ODDS,
  defaultRoomName,
  formatMoney,
  type GameOdds,
  type Money,
  parseRoomBases,
  parseRoomMultiples,
  returnToPlayer,
  type SessionTiming,
} from '@prism/domain';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { cached } from '../../platform/cached';
import { gameLevels } from './schema';

export interface RoomConfig extends SessionTiming {
  levelName: string;
  enableFlag: boolean;
  baseAmounts: Money[];
  multiples: number[];
  chipMinLimit: Money;
  chipMaxLimit: Money;
  betAmountMax: Money;
  odds: GameOdds;
}

type RoomRow = typeof gameLevels.$inferSelect;

const BASES = '100,1000,10000,100000';
const MULTIPLES = '1,5,10,20,50,100';

/** Three rooms of 60 s, 180 s and 300 s sessions, betting closed for the last 5 s (docs/fairness.md). */
const DEFAULT_ROOMS: (typeof gameLevels.$inferInsert)[] = [1, 2, 3].map((level) => ({
  level,
  levelName: defaultRoomName([60, 180, 300][level - 1] as number),
  sessionSeconds: [60, 180, 300][level - 1] as number,
  betCloseSeconds: 5,
  betBaseAmounts: BASES,
  betMultiples: MULTIPLES,
  chipMinLimit: 100n,
  chipMaxLimit: 10_000_000n,
  betAmountMax: 20_000_000n,
  odds: DEFAULT_ODDS,
}));

export async function seedGameRooms(db: Executor): Promise<void> {
  await db.insert(gameLevels).values(DEFAULT_ROOMS).onConflictDoNothing();
}

export function toRoomConfig(row: RoomRow): RoomConfig {
  return {
    level: row.level,
    levelName: row.levelName,
    enableFlag: row.enableFlag,
    sessionSeconds: row.sessionSeconds,
    betCloseSeconds: row.betCloseSeconds,
    baseAmounts: parseRoomBases(row.betBaseAmounts),
    multiples: parseRoomMultiples(row.betMultiples),
    chipMinLimit: row.chipMinLimit,
    chipMaxLimit: row.chipMaxLimit,
    betAmountMax: row.betAmountMax,
    odds: { ...DEFAULT_ODDS, ...(row.odds as Partial<GameOdds>) },
  };
}

export async function listRooms(db: Executor): Promise<RoomConfig[]> {
  return (await db.select().from(gameLevels).orderBy(asc(gameLevels.level))).map(toRoomConfig);
}

/** Room `level` (the room's number, as the wire and the table name it). */
export async function loadRoom(db: Executor, level: number): Promise<RoomConfig> {
  const [row] = await db.select().from(gameLevels).where(eq(gameLevels.level, level));
  if (!row) throw new AppError('GAME_LEVEL_UNKNOWN');
  return toRoomConfig(row);
}

/**
 * The rooms as getLevelList and getSession read them, kept in process (platform/cached.ts) with
 * their answer built once: the operator's edits (admin.ts) drop it here, another worker's are
 * seen within CONFIG_CACHE_MS. A bet still checks its room in its own statement.
 */
export function roomCatalog(db: Executor) {
  const catalog = cached(async () => {
    const rooms = await listRooms(db);
    return { rooms, wire: rooms.map(toWireRoom), byNumber: new Map(rooms.map((room) => [room.level, room])) };
  });
  return {
    /** getLevelList's answer. */
    wire: async () => (await catalog.get()).wire,
    async room(level: number): Promise<RoomConfig> {
      const found = (await catalog.get()).byNumber.get(level);
      if (!found) throw new AppError('GAME_LEVEL_UNKNOWN');
      return found;
    },
    invalidate: catalog.invalidate,
  };
}

export type RoomCatalog = ReturnType<typeof roomCatalog>;

const pct = (fraction: number) => `${(fraction * 100).toFixed(2)}%`;

/** getLevelList: every field of specification point 3, plus timing, odds and return to player (docs/protection.md). */
export function toWireRoom(room: RoomConfig) {
  const bases = room.baseAmounts.map(formatMoney);
  const rtp = Object.fromEntries(
    BET_NAMES.filter((b) => ['Red', 'Green', 'Violet', 'Big', 'Small', '0'].includes(b)).map((b) => [
      b === '0' ? 'number' : b,
      pct(returnToPlayer(b, room.odds)),
    ]),
  );
  return {
    level: room.level,
    levelName: room.levelName,
    enableFlag: room.enableFlag,
    betBaseAmountStr: bases.join(','),
    betBaseAmount: bases,
    betMultipleStr: room.multiples.join(','),
    betMultiple: room.multiples,
    chipMinLimit: formatMoney(room.chipMinLimit),
    chipMaxLimit: formatMoney(room.chipMaxLimit),
    betAmountMax: formatMoney(room.betAmountMax),
    sessionSeconds: room.sessionSeconds,
    betCloseSeconds: room.betCloseSeconds,
    odds: {
      fee: pct(room.odds.feeBps / 10_000),
      colour: `${room.odds.colourBps / 10_000}x`,
      colourOnViolet: `${room.odds.colourOnVioletBps / 10_000}x`,
      violet: `${room.odds.violetBps / 10_000}x`,
      number: `${room.odds.numberBps / 10_000}x`,
      size: `${room.odds.sizeBps / 10_000}x`,
    },
    returnToPlayer: rtp,
  };
}
