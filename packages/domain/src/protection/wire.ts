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
