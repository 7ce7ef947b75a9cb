import type { GameBetRecord, GameChain, GameSessionProof, GameSessionResult, Paged } from '@prism/domain';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/errors';
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
    db
      .select()
      .from(gameBets)
      .where(where)
      .orderBy(desc(gameBets.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(gameBets).where(where),
  ]);
  return { content: rows.map(toWireBet), totalElements: total?.n ?? 0, pageNo };
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
