import { sessionAt } from '@prism/domain';
import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { EventBus, GameLiveEvent } from '../../platform/events';
import type { Logger } from '../../platform/logger';
import type { Random } from '../../platform/random';
import { type Beacon, type BeaconRound, beaconsFor } from './beacon';
import { drawSession } from './draw';
import type { SettledSession } from './results';
import { listRooms, loadRoom } from './rooms';
import { gameSessions } from './schema';
import { ensureCurrentSession, type SessionRow, tryLockRoom } from './sessions';
import { type SettlementReport, settleSession } from './settle';

export interface GameDeps {
  db: Database;
  clock: Clock;
  random: Random;
  logger: Logger;
  secret: string;
  /** The beacon of new sessions (GAME_BEACON); a session is always drawn with the beacon it was created with. */
  beacon: Beacon;
  events: EventBus;
  /** Seeds per chain. */
  length: number;
  /** How long after a session's end a missing beacon round is logged as late. The session still waits for it. */
  beaconLateAfterMs: number;
  /**
   * Told of each session after its settlement committed (the players' results messages, handed in by
   * the composition root). A failure is logged; the settlement stands.
   */
  afterSettle?: (session: SettledSession) => Promise<void>;
  /** Told how long each settled session's draw-and-settle transaction took, seconds (the operators' metrics). */
  settlementObserved?: ((seconds: number) => void) | undefined;
}

export interface TickReport {
  opened: string[];
  settled: { periodId: string; report: SettlementReport }[];
  /** Sessions past their end whose beacon round is not published yet: they settle when it is. */
  waiting: string[];
}

const DUE_PER_TICK = 50;

/** What one process's scheduler remembers between ticks. */
interface SchedulerState {
  deps: GameDeps;
  beaconOf: ReturnType<typeof beaconsFor>;
  /** Late sessions already logged by this process (one warning each). */
  warned: Set<number>;
  /**
   * Per room, the period whose session this process has found or made. Sessions are never deleted,
   * so until the room's next window begins there is nothing to ensure: an idle tick then costs two
   * queries instead of a transaction per room, and the idle process allocates a fraction of what it
   * did (docs/performance.md, "Memory": below V8's low allocation rate its memory reducer runs again).
   */
  ensured: Map<number, string>;
}

async function publish(deps: GameDeps, type: GameLiveEvent['type'], session: SessionRow): Promise<void> {
  await deps.events.publish({
    type,
    level: session.level,
    sessionId: session.id,
    periodId: session.periodId,
    result: session.result ?? undefined,
  });
}

async function openCurrentSessions({ deps, ensured }: SchedulerState, report: TickReport): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  for (const room of (await listRooms(db)).filter((r) => r.enableFlag)) {
    if (ensured.get(room.level) === sessionAt(now, room).periodId) continue;
    const made = await db.transaction((tx) => ensureCurrentSession(tx, deps, room, now));
    if (made) ensured.set(room.level, made.session.periodId);
    if (made?.created) {
      report.opened.push(made.session.periodId);
      await publish(deps, 'session_opened', made.session);
    }
  }
}

/**
 * The session's beacon round, fetched outside any transaction. Rounds are
 * published in order, so once one is missing in this tick, later rounds of
 * the same beacon are not asked for (`missing` holds the first missing round).
 */
async function roundOf(state: SchedulerState, session: SessionRow, missing: Map<string, number>): Promise<BeaconRound | undefined> {
  const firstMissing = missing.get(session.beaconName);
  if (firstMissing !== undefined && session.beaconRound >= firstMissing) return undefined;
  const round = await state.beaconOf(session.beaconName).fetch(session.beaconRound);
  if (!round) missing.set(session.beaconName, Math.min(firstMissing ?? Number.POSITIVE_INFINITY, session.beaconRound));
  return round;
}

function noteLate({ deps, warned }: SchedulerState, session: SessionRow): void {
  if (warned.has(session.id) || deps.clock.now().getTime() < session.endAt.getTime() + deps.beaconLateAfterMs) return;
  warned.add(session.id);
  deps.logger.warn(
    { periodId: session.periodId, beacon: session.beaconName, round: session.beaconRound },
    'beacon round is late: the session waits for it and settles when it is published',
  );
}

/** Under the room's lock: draws the session if it is still open (with its round), then settles it once drawn. */
function drawAndSettle(deps: GameDeps, session: SessionRow, beacon: BeaconRound | undefined) {
  return deps.db.transaction(async (tx) => {
    if (!(await tryLockRoom(tx, session.level))) return undefined;
    // FOR UPDATE: bets hold the row FOR SHARE until they commit, so the draw waits for bets in flight and its settlement sees them.
    const [fresh] = await tx.select().from(gameSessions).where(eq(gameSessions.id, session.id)).for('update');
    const current = fresh?.status === 'open' && beacon ? await drawSession(tx, deps, fresh, beacon) : fresh;
    if (current?.status !== 'drawn') return undefined;
    const room = await loadRoom(tx, current.level);
    const settled = await settleSession(tx, deps.clock, current, room.odds);
    return settled ? { session: current, settled } : undefined;
  });
}

/** Draws and settles one due session, or leaves it waiting for its beacon round. */
async function finish(state: SchedulerState, session: SessionRow, report: TickReport, missing: Map<string, number>): Promise<void> {
  const beacon = session.status === 'open' ? await roundOf(state, session, missing) : undefined;
  if (session.status === 'open' && !beacon) {
    report.waiting.push(session.periodId);
    noteLate(state, session);
    return;
  }
  const started = performance.now();
  const done = await drawAndSettle(state.deps, session, beacon);
  if (!done) return;
  state.deps.settlementObserved?.((performance.now() - started) / 1000);
  state.warned.delete(done.session.id);
  report.settled.push({ periodId: done.session.periodId, report: done.settled });
  await publish(state.deps, 'session_drawn', done.session);
  await publish(state.deps, 'session_settled', done.session);
  const { id, periodId, level } = done.session;
  await state.deps.afterSettle?.({ id, periodId, level }).catch((error: unknown) => {
    state.deps.logger.warn({ err: error, periodId }, 'after-settlement notice failed; the settlement stands');
  });
}

/** One pass: open current sessions, then finish the due ones (a failure leaves that one for the next tick). */
async function runTick(state: SchedulerState): Promise<TickReport> {
  const { db, clock, logger } = state.deps;
  const report: TickReport = { opened: [], settled: [], waiting: [] };
  const missing = new Map<string, number>();
  await openCurrentSessions(state, report);
  const due = await db
    .select()
    .from(gameSessions)
    .where(and(inArray(gameSessions.status, ['open', 'drawn']), lte(gameSessions.endAt, clock.now())))
    .orderBy(gameSessions.endAt)
    .limit(DUE_PER_TICK);
  for (const session of due) {
    try {
      await finish(state, session, report, missing);
    } catch (error) {
      logger.error({ err: error, periodId: session.periodId }, 'finishing a game session failed; it will be retried');
    }
  }
  return report;
}

/**
 * Runs the rooms back to back. Safe with several core processes on one
 * database: every step on a room happens under that room's advisory lock and
 * every state change is conditional, so each session is drawn and settled
 * exactly once. After a crash or restart, the next tick finds every session
 * whose end has passed and finishes it: none is skipped, none settled twice.
 *
 * A session is never voided for a late beacon: its round was fixed before
 * betting opened and, once published, is public forever, so the session waits
 * and settles whenever the round arrives. Voiding on a timeout would let an
 * operator who knows the seeds withhold the beacon from sessions it would lose.
 */
export function createGameScheduler(deps: GameDeps) {
  const state: SchedulerState = { deps, beaconOf: beaconsFor(deps.beacon), warned: new Set(), ensured: new Map() };
  let running: Promise<TickReport> | undefined;
  let timer: NodeJS.Timeout | undefined;

  return {
    /** One pass: open current sessions, finish due ones. Overlapping calls share the running pass. */
    tick(): Promise<TickReport> {
      running ??= runTick(state).finally(() => {
        running = undefined;
      });
      return running;
    },
    start(intervalMs: number): void {
      timer = setInterval(() => {
        this.tick().catch((error: unknown) => deps.logger.error({ err: error }, 'game tick failed'));
      }, intervalMs);
      timer.unref();
    },
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type GameScheduler = ReturnType<typeof createGameScheduler>;
