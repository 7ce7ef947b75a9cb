import type {
  GameBetRecord,
  GameChain,
  GameSessionDetail,
  GameSessionProof,
  GameSessionResult,
  GameVoidReason,
  GameVoidSummary,
  Paged,
} from '@prism/domain';
import { AppError } from '@prism/domain';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { betOutcome } from './outcome';
import { gameBets, gameChains, gameSessions } from './schema';
import { toWireBet, toWireResult } from './views';

const FINISHED = ['settled', 'void'];

/** Past sessions of a room, newest first (sessionResultPage). */
export async function sessionResultPage(db: Executor, level: number, pageNo: number, pageSize: number): Promise<Paged<GameSessionResult>> {
  const where = and(eq(gameSessions.level, level), inArray(gameSessions.status, FINISHED));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(gameSessions)
      .where(where)
      .orderBy(desc(gameSessions.endAt))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(gameSessions).where(where),
  ]);
  return { content: rows.map(toWireResult), totalElements: total?.n ?? 0, pageNo };
}

/** The user's bets, newest first (userLotteryRecordPage). */
export async function userLotteryRecordPage(
  db: Executor,
  userId: number,
  filter: { coin?: string | undefined; level?: number | undefined },
  pageNo: number,
  pageSize: number,
): Promise<Paged<GameBetRecord>> {
  const conditions: SQL[] = [eq(gameBets.userId, userId)];
  if (filter.coin) conditions.push(eq(gameBets.coin, filter.coin));
  if (filter.level) conditions.push(eq(gameBets.level, filter.level));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    // Each bet with its session's status and settled time: a losing bet's row says PENDING (outcome.ts).
    db
      .select({ bet: gameBets, session: { status: gameSessions.status, settledAt: gameSessions.settledAt } })
      .from(gameBets)
      .innerJoin(gameSessions, eq(gameSessions.id, gameBets.sessionId))
      .where(where)
      .orderBy(desc(gameBets.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(gameBets).where(where),
  ]);
  return {
    content: rows.map((row) => toWireBet({ ...row.bet, ...betOutcome(row.bet, row.session) })),
    totalElements: total?.n ?? 0,
    pageNo,
  };
}

/** One session with its place in its chain: what a verifier needs; and how many sessions were voided. */
export async function sessionDetail(db: Executor, periodId: string): Promise<GameSessionDetail> {
  const [proof, voids] = await Promise.all([sessionProof(db, periodId), voidSummary(db)]);
  return { ...proof, voidSummary: voids };
}

/**
 * Finished sessions and the voided ones by reason, over every room. Nothing
 * voids a session any more; the voids counted are those of earlier versions,
 * which voided a session whose beacon round came late (docs/fairness.md).
 */
export async function voidSummary(db: Executor): Promise<GameVoidSummary> {
  const [[finished], voids] = await Promise.all([
    db.select({ n: count() }).from(gameSessions).where(inArray(gameSessions.status, FINISHED)),
    queryRows<{ reason: GameVoidReason; n: number }>(
      db,
      sql`select case when void_reason like 'beacon round % not available in time' then 'beaconLate' else 'other' end as reason,
                 count(*)::int as n
          from game_sessions where status = 'void' group by 1 order by 1`,
    ),
  ]);
  return {
    sessions: Number(finished?.n ?? 0),
    voided: voids.reduce((sum, row) => sum + Number(row.n), 0),
    reasons: voids.map((row) => ({ reason: row.reason, count: Number(row.n) })),
  };
}

/** One session with its place in its chain: what a verifier needs. */
export async function sessionProof(db: Executor, periodId: string): Promise<GameSessionProof> {
  const [row] = await db
    .select({ session: gameSessions, chain: gameChains })
    .from(gameSessions)
    .innerJoin(gameChains, eq(gameChains.id, gameSessions.chainId))
    .where(eq(gameSessions.periodId, periodId));
  if (!row) throw new AppError('NOT_FOUND');
  return {
    ...toWireResult(row.session),
    chainId: row.chain.id,
    chainIndex: row.session.chainIndex,
    chainLength: row.chain.length,
    chainAnchor: row.chain.anchor,
    voidReason: row.session.voidReason,
  };
}

/** Every chain's public anchor (published before its first session). */
export async function listChains(db: Executor, level?: number): Promise<GameChain[]> {
  const rows = await db
    .select()
    .from(gameChains)
    .where(level ? eq(gameChains.level, level) : undefined)
    .orderBy(desc(gameChains.id));
  return rows.map((c) => ({
    id: c.id,
    level: c.level,
    anchor: c.anchor,
    length: c.length,
    used: c.used,
    createDateTime: c.createdAt.toISOString(),
  }));
}
