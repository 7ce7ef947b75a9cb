import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { EventBus, LiveEvent } from '../../platform/events';
import type { Logger } from '../../platform/logger';
import type { Random } from '../../platform/random';
import type { Beacon } from './beacon';
import { drawSession, voidSession } from './draw';
import { listLevels, loadLevel } from './levels';
import { gameSessions } from './schema';
import { ensureCurrentSession, type SessionRow, tryLockLevel } from './sessions';
import { refundSession, type SettlementReport, settleSession } from './settle';

export interface GameDeps {
  db: Database;
  clock: Clock;
  random: Random;
  logger: Logger;
  secret: string;
  beacon: Beacon;
  events: EventBus;
  /** Seeds per chain. */
  length: number;
  /** How long after a session's end its beacon may be late before the session is void. */
  beaconTimeoutMs: number;
}

export interface TickReport {
  opened: string[];
  settled: { periodId: string; report: SettlementReport }[];
  voided: string[];
  waiting: string[];
}

const DUE_PER_TICK = 50;

/**
 * Runs the rooms back to back. Safe with several core processes on one
 * database: every step on a room happens under that room's advisory lock and
 * every state change is conditional, so each session is drawn and settled
 * exactly once. After a crash or restart, the next tick finds every session
 * whose end has passed and finishes it: none is skipped, none settled twice.
 */
export function createGameScheduler(deps: GameDeps) {
  const { db, clock } = deps;
  let running: Promise<TickReport> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function openCurrentSessions(report: TickReport): Promise<void> {
    const now = clock.now();
    for (const level of (await listLevels(db)).filter((l) => l.enableFlag)) {
      const made = await db.transaction((tx) => ensureCurrentSession(tx, deps, level, now));
      if (made?.created) {
        report.opened.push(made.session.periodId);
        await publish('session_opened', made.session);
      }
    }
  }

  /** Draws (or voids) and settles one due session; the beacon is fetched outside any transaction. */
  async function finish(session: SessionRow, report: TickReport): Promise<void> {
    const now = clock.now();
    const beacon = session.status === 'open' ? await deps.beacon.fetch(session.beaconRound) : undefined;
    if (session.status === 'open' && !beacon && now.getTime() < session.endAt.getTime() + deps.beaconTimeoutMs) {
      report.waiting.push(session.periodId);
      return;
    }
    const done = await db.transaction(async (tx) => {
      if (!(await tryLockLevel(tx, session.level))) return undefined;
      const [fresh] = await tx.select().from(gameSessions).where(eq(gameSessions.id, session.id));
      let current = fresh;
      if (current?.status === 'open') {
        current = beacon
          ? await drawSession(tx, deps, current, beacon)
          : await voidSession(tx, clock, current, `beacon round ${current.beaconRound} not available in time`);
      }
      if (!current || (current.status !== 'drawn' && current.status !== 'void')) return undefined;
      const level = await loadLevel(tx, current.level);
      const settled =
        current.status === 'drawn' ? await settleSession(tx, clock, current, level.odds) : await refundSession(tx, clock, current);
      return settled ? { session: current, settled } : undefined;
    });
    if (!done) return;
    if (done.session.status === 'void') {
      report.voided.push(done.session.periodId);
      await publish('session_void', done.session);
    } else {
      report.settled.push({ periodId: done.session.periodId, report: done.settled });
      await publish('session_drawn', done.session);
      await publish('session_settled', done.session);
    }
  }

  async function publish(type: LiveEvent['type'], session: SessionRow): Promise<void> {
    await deps.events.publish({
      type,
      level: session.level,
      sessionId: session.id,
      periodId: session.periodId,
      result: session.result ?? undefined,
    });
  }

  async function runTick(): Promise<TickReport> {
    const report: TickReport = { opened: [], settled: [], voided: [], waiting: [] };
    await openCurrentSessions(report);
    const due = await db
      .select()
      .from(gameSessions)
      .where(and(inArray(gameSessions.status, ['open', 'drawn']), lte(gameSessions.endAt, clock.now())))
      .orderBy(gameSessions.endAt)
      .limit(DUE_PER_TICK);
    for (const session of due) {
      try {
        await finish(session, report);
      } catch (error) {
        deps.logger.error({ err: error, periodId: session.periodId }, 'finishing a game session failed; it will be retried');
      }
    }
    return report;
  }

  return {
    /** One pass: open current sessions, finish due ones. Overlapping calls share the running pass. */
    tick(): Promise<TickReport> {
      running ??= runTick().finally(() => {
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
