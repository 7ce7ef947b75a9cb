import { AppError, assertFreshForm, DEFAULT_ODDS, defaultRoomName, isValidTiming, parseMoney } from '@prism/domain';
import { asc, count, eq } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { checkLedger } from '../ledger';
import { findUserById } from '../user';
import { strandedBets } from './check';
import { checkBetFigures, repairAllBetFigures, repairBetFigures } from './figures';
import { listChains } from './history';
import { type RoomCatalog, toRoomConfig, toWireRoom } from './rooms';
import { gameLevels, gameSessions } from './schema';

const moneyList = field.text(512).transform((text, ctx) => {
  const values = text.split(',').map((part) => parseMoney(part.trim()));
  if (values.length === 0 || values.some((v) => !v.ok || v.value === 0n)) {
    ctx.addIssue({ code: 'custom', message: 'FIELD_INVALID' });
    return z.NEVER;
  }
  return values.map((v) => (v.ok ? v.value : 0n)).join(',');
});
const intList = z.string({ error: 'FIELD_INVALID' }).regex(/^\d{1,6}(,\d{1,6})*$/, { error: 'FIELD_INVALID' });
const money = field.money();
const figuresQuery = z.object({ userId: field.integer(1, 999_999_999).optional() });
const figuresBody = z.object({ userId: field.integer(1, 999_999_999).optional(), all: field.oneOf(['true']).optional() });
const roomBody = z.object({
  level: field.integer(1, 9),
  levelName: field.optionalText(32),
  enableFlag: field.oneOf(['true', 'false']).optional(),
  sessionSeconds: field.integer(2, 86_400).optional(),
  betCloseSeconds: field.integer(1, 86_399).optional(),
  betBaseAmounts: moneyList.optional(),
  betMultiples: intList.optional(),
  chipMinLimit: money.optional(),
  chipMaxLimit: money.optional(),
  betAmountMax: money.optional(),
  feeBps: field.integer(0, 5_000).optional(),
  /** The room's updatedAt as the form read it (GET game/levels); absent: overwrite (the CLI). */
  expectedUpdatedAt: field.optionalText(40),
});

/**
 * Operators manage rooms: names, bet lists, limits, the fee, enabling and new
 * rooms. Timing can only be set on a room that never ran (period ids depend on
 * it). Nothing here, or anywhere, sets a result.
 */
export function gameAdminRoutes({ db, catalog, clock }: { db: Database; catalog: RoomCatalog; clock: Clock }): Router {
  const router = Router();

  /**
   * `npm run ledger:check` asks this: the ledger's invariants and the stakes stranded in finished
   * sessions. It is answered here because the game depends on the ledger, never the reverse.
   */
  router.get('/ledger/check', permit('ledger.check'), async (_req, res) => {
    ok(res, await checkLedger(db, strandedBets));
  });

  router.get('/game/levels', permit('games.manage'), async (_req, res) => {
    ok(res, (await db.select().from(gameLevels).orderBy(asc(gameLevels.level))).map(toAdminRoom));
  });

  router.get('/game/chains', permit('games.manage'), async (_req, res) => {
    ok(res, await listChains(db));
  });

  router.post('/game/levels', permit('games.manage'), async (req, res) => {
    const input = parseInput(roomBody, req.body);
    // The check, the change and its audit row in one transaction, the row locked: no edit slips between.
    const after = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(gameLevels).where(eq(gameLevels.level, input.level)).for('update');
      assertFreshForm(input.expectedUpdatedAt, existing?.updatedAt);
      const saved = await saveRoom(tx, input, existing, clock.now());
      const before = existing && toAdminRoom(existing);
      const target = { type: 'room', id: input.level };
      await recordAudit(tx, clock, actorOf(req), { action: existing ? 'room.update' : 'room.create', target, before, after: saved });
      return saved;
    });
    // As the CLI's change: the rooms' cache drops the old row, so a renamed room shows its new name at once.
    catalog.invalidate();
    ok(res, after, 'Updated Successfully');
  });

  // A user's betting figures (getUserInfo's day figures) against their bets; without userId, everyone's.
  router.get('/game/figures', permit('ledger.check'), async (req, res) => {
    const { userId } = parseInput(figuresQuery, req.query);
    ok(res, { userId: userId ?? null, mismatches: await checkBetFigures(db, userId) });
  });

  // One user (userId), or up to REPAIR_BATCH of the users whose figures differ (all=true).
  router.post('/game/figures/repair', permit('ledger.repair'), async (req, res) => {
    const { userId, all } = parseInput(figuresBody, req.body);
    if (all) {
      const repaired = await repairAllBetFigures(db);
      await recordAudit(db, clock, actorOf(req), { action: 'figures.repair', target: { type: 'figures', id: 'all' }, after: repaired });
      return ok(res, repaired, 'Updated Successfully');
    }
    if (userId === undefined) throw AppError.invalid({ userId: 'FIELD_INVALID' });
    if (!(await findUserById(db, userId))) throw new AppError('NOT_FOUND');
    // before: the figure rows that differed from the bets (stored and recomputed); after: what still differs (nothing).
    const before = await checkBetFigures(db, userId);
    const mismatches = await repairBetFigures(db, userId);
    await recordAudit(db, clock, actorOf(req), {
      action: 'figures.repair',
      target: { type: 'user', id: userId },
      before,
      after: mismatches,
    });
    ok(res, { userId, mismatches }, 'Updated Successfully');
  });

  return router;
}

type RoomInput = z.infer<typeof roomBody>;
type RoomRow = typeof gameLevels.$inferSelect;

/** A room as the console reads it: the players' wire form plus the stamp its forms send back. */
const toAdminRoom = (row: RoomRow) => {
  const room = toRoomConfig(row);
  return { ...toWireRoom(room), feeBps: room.odds.feeBps, updatedAt: row.updatedAt.toISOString() };
};

/** Creates or edits a room: what the operator sent, else what the room had, else the defaults. */
async function saveRoom(db: Executor, input: RoomInput, existing: RoomRow | undefined, now: Date) {
  const timing = await roomTiming(db, input, existing);
  const values = { ...timing, ...roomSettings(input, existing, timing.sessionSeconds), updatedAt: now };
  const [row] = await db.insert(gameLevels).values(values).onConflictDoUpdate({ target: gameLevels.level, set: values }).returning();
  return toAdminRoom(row as RoomRow);
}

/** Session and betting-close seconds: settable only on a room that never ran (period ids depend on them). */
async function roomTiming(db: Executor, input: RoomInput, existing: RoomRow | undefined) {
  if (existing && (input.sessionSeconds !== undefined || input.betCloseSeconds !== undefined)) {
    const [ran] = await db.select({ n: count() }).from(gameSessions).where(eq(gameSessions.level, input.level));
    if ((ran?.n ?? 0) > 0) throw AppError.invalid({ sessionSeconds: 'ROOM_TIMING_LOCKED' });
  }
  const timing = {
    level: input.level,
    sessionSeconds: input.sessionSeconds ?? existing?.sessionSeconds ?? 60,
    betCloseSeconds: input.betCloseSeconds ?? existing?.betCloseSeconds ?? 5,
  };
  if (!isValidTiming(timing)) throw AppError.invalid({ sessionSeconds: 'ROOM_TIMING_INVALID' });
  return timing;
}

/** Everything else about a room: its name, lists, limits and odds. */
function roomSettings(input: RoomInput, existing: RoomRow | undefined, sessionSeconds: number) {
  const feeBps = input.feeBps === undefined ? {} : { feeBps: input.feeBps };
  return {
    levelName: input.levelName ?? existing?.levelName ?? defaultRoomName(sessionSeconds),
    enableFlag: input.enableFlag === undefined ? (existing?.enableFlag ?? true) : input.enableFlag === 'true',
    betBaseAmounts: input.betBaseAmounts ?? existing?.betBaseAmounts ?? '100,1000,10000',
    betMultiples: input.betMultiples ?? existing?.betMultiples ?? '1,5,10',
    chipMinLimit: input.chipMinLimit ?? existing?.chipMinLimit ?? 100n,
    chipMaxLimit: input.chipMaxLimit ?? existing?.chipMaxLimit ?? 10_000_000n,
    betAmountMax: input.betAmountMax ?? existing?.betAmountMax ?? 20_000_000n,
    odds: { ...DEFAULT_ODDS, ...(existing?.odds as object | undefined), ...feeBps },
  };
}
