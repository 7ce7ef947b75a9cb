import type { LimitPeriod } from './rules';

/** Money as the wire carries it ("100.00"); null is "no limit". */
export type WireLimits = Record<LimitPeriod, string | null>;

/** GET /app/protection/settings: what the player chose, what is in force and what is pending. */
export interface ProtectionSettings {
  /** ISO time the self-exclusion ends, or null. */
  excludedUntil: string | null;
  /** In CASH (the recharge currency of gateway orders). */
  limits: WireLimits;
  pendingLimits: WireLimits | null;
  /** ISO time the pending limits take effect. */
  pendingFrom: string | null;
  /** What was recharged (CASH) in the current day, week and month of the platform time zone. */
  used: WireLimits;
  realityCheckMinutes: number;
}

/** The reality check: returned by /app/protection/realityCheck and with every bet answer. */
export interface RealityCheck {
  due: boolean;
  /** Minutes played in the current play session (0 when none). */
  minutesPlayed: number;
  /** Per coin: stakes and payouts (settled bets) in the current play session, and payouts minus stakes. */
  results: { coin: string; staked: string; paidOut: string; net: string }[];
  intervalMinutes: number;
}

/** A day's (or the month's) figures in one coin on My play; amounts as the wire carries money. */
export interface MyPlayFigures {
  coin: string;
  /** Bets placed (on the day they were placed). */
  bets: number;
  /** Bets won (on the day they were settled). */
  won: number;
  /** Stakes placed. */
  staked: string;
  /** Stakes of the bets settled, won or lost. */
  settled: string;
  paidOut: string;
  /** Paid out minus the stakes settled: the player's net result. */
  net: string;
}

/** GET /app/protection/myPlay: the player's last days of play, per platform day and coin (docs/protection.md). */
export interface MyPlay {
  /** The platform time zone the days are in. */
  timeZone: string;
  /** Time in the game is counted in quarter hours with a bet: each counts this many minutes. */
  minutesPerQuarter: number;
  /** The coins played in the period, most bets first. */
  coins: string[];
  /** Every day of the period, oldest first ("YYYY-MM-DD"); days without play have no coins. */
  days: { date: string; minutes: number; coins: MyPlayFigures[] }[];
  totals: { minutes: number; coins: MyPlayFigures[] };
}
