import {
  coloursOf,
  formatMoney,
  type GameBetRecord,
  type GameResult,
  type GameSession,
  type GameSessionResult,
  sizeOf,
} from '@prism/domain';
import type { BetRow } from './betting';
import type { LevelConfig } from './levels';
import type { SessionRow } from './sessions';

export function toWireSession(session: SessionRow, level: LevelConfig, now: Date): GameSession {
  return {
    id: session.id,
    periodId: session.periodId,
    level: session.level,
    gameLevelName: level.levelName,
    gameTitle: `${level.levelName} · ${session.periodId}`,
    startTime: session.startAt.getTime(),
    betEndTime: session.betEndAt.getTime(),
    sessionEndTime: session.endAt.getTime(),
    timestamp: now.getTime(),
    chipMinLimit: formatMoney(level.chipMinLimit),
    betAmountMin: formatMoney(level.chipMinLimit),
    commitment: session.commitment,
    beaconName: session.beaconName,
    beaconRound: session.beaconRound,
    status: session.status as GameSession['status'],
  };
}

export function toWireResult(session: SessionRow): GameSessionResult {
  const result = session.result == null ? null : (session.result as GameResult);
  return {
    id: session.id,
    periodId: session.periodId,
    level: session.level,
    lotteryResult: result,
    colours: result == null ? [] : coloursOf(result),
    size: result == null ? null : sizeOf(result),
    status: session.status as GameSessionResult['status'],
    seed: session.seed,
    commitment: session.commitment,
    beaconName: session.beaconName,
    beaconRound: session.beaconRound,
    beaconValue: session.beaconValue,
    beaconSignature: session.beaconSignature,
    drawTime: session.drawnAt?.toISOString() ?? null,
  };
}

export function toWireBet(bet: BetRow): GameBetRecord {
  const settled = bet.status !== 'PENDING';
  return {
    id: bet.id,
    orderNo: bet.orderNo,
    gameSessionId: bet.sessionId,
    periodId: bet.periodId,
    level: bet.level,
    betName: bet.betName as GameBetRecord['betName'],
    baseAmount: formatMoney(bet.baseAmount),
    betMultiples: bet.multiples,
    totalBetAmount: formatMoney(bet.total),
    fee: formatMoney(bet.fee),
    coin: bet.coin,
    status: bet.status as GameBetRecord['status'],
    incomeAmount: formatMoney(bet.payout),
    profit: settled ? formatMoney(bet.payout - bet.total) : formatMoney(0n),
    betTime: bet.createdAt.toISOString(),
    completeTime: bet.settledAt?.toISOString() ?? null,
  };
}
