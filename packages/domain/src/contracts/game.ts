import type { BetName, BetStatus, Colour } from '../game/rules';

/** getLevelList: the room's fields of specification point 3, plus timing, odds and return to player. */
export interface GameLevel {
  level: number;
  levelName: string;
  enableFlag: boolean;
  betBaseAmountStr: string;
  betBaseAmount: string[];
  betMultipleStr: string;
  betMultiple: number[];
  chipMinLimit: string;
  chipMaxLimit: string;
  /** The most one user may stake in one session of this room. */
  betAmountMax: string;
  sessionSeconds: number;
  betCloseSeconds: number;
  /** The fee as a percentage and each multiplier ("2x"). */
  odds: { fee: string; colour: string; colourOnViolet: string; violet: string; number: string; size: string };
  /** Return to player per bet kind, e.g. { Big: "98.00%" }. */
  returnToPlayer: Record<string, string>;
}

/** getSession: the open session of a room. Times are epoch milliseconds; `timestamp` is the server clock. */
export interface GameSession {
  id: number;
  periodId: string;
  level: number;
  gameLevelName: string;
  gameTitle: string;
  startTime: number;
  betEndTime: number;
  sessionEndTime: number;
  timestamp: number;
  chipMinLimit: string;
  betAmountMin: string;
  /** SHA-256 of this session's seed, published before betting opens. */
  commitment: string;
  beaconName: string;
  beaconRound: number;
  status: 'open' | 'drawn' | 'settled' | 'void';
}

/** A past session with everything needed to verify its result. */
export interface GameSessionResult {
  id: number;
  periodId: string;
  level: number;
  /** Null for a void session. */
  lotteryResult: number | null;
  colours: Colour[];
  size: 'Big' | 'Small' | null;
  status: 'settled' | 'void' | 'drawn';
  seed: string | null;
  commitment: string;
  beaconName: string;
  beaconRound: number;
  beaconValue: string | null;
  beaconSignature: string | null;
  drawTime: string | null;
}

/** sessionDetail (ours): a session with its chain position, for the verify screen and script. */
export interface GameSessionProof extends GameSessionResult {
  chainId: number;
  chainIndex: number;
  chainLength: number;
  chainAnchor: string;
  voidReason: string | null;
}

/**
 * Why sessions were voided: beaconLate for sessions voided by versions before
 * late settlement (their beacon round came after a timeout); other for anything else.
 */
export type GameVoidReason = 'beaconLate' | 'other';

/** How many finished sessions were voided, and why (docs/fairness.md, "Void sessions"): the verify page shows it. */
export interface GameVoidSummary {
  /** Finished sessions (settled or void), every room. */
  sessions: number;
  voided: number;
  reasons: { reason: GameVoidReason; count: number }[];
}

/** sessionDetail's answer: the proof, and the void count of the whole game beside it. */
export interface GameSessionDetail extends GameSessionProof {
  voidSummary: GameVoidSummary;
}

export interface GameChain {
  id: number;
  level: number;
  anchor: string;
  length: number;
  used: number;
  createDateTime: string;
}

/** A bet record: order number, times, status, stake, fee (its own line), income and profit. */
export interface GameBetRecord {
  id: number;
  orderNo: string;
  gameSessionId: number;
  periodId: string;
  level: number;
  betName: BetName;
  baseAmount: string;
  betMultiples: number;
  totalBetAmount: string;
  fee: string;
  coin: string;
  status: BetStatus;
  incomeAmount: string;
  profit: string;
  betTime: string;
  completeTime: string | null;
}

/** A live event on /app/game/luckyLottery/events (server-sent events). */
export interface GameEvent {
  type: 'session_opened' | 'session_drawn' | 'session_settled' | 'session_void';
  level: number;
  sessionId: number;
  periodId: string;
  result?: number;
}
