import type { Money } from '../money';

/**
 * Tap-to-earn (docs/operations.md, "The platform day and rewards"): each tap spends one energy and earns POINT. Energy
 * regenerates one unit per `regenMs` up to `maxEnergy`; taps per platform day
 * are capped. The server applies a batch from its own clock and state, so a
 * client that claims more taps than it could have made earns only what its
 * energy and the day's cap allow.
 */
export interface TapRule {
  maxEnergy: number;
  /** Milliseconds to regenerate one unit of energy. */
  regenMs: number;
  /** POINT (minor units) per tap. */
  pointPerTap: Money;
  /** Taps per platform day. */
  dailyCap: number;
  /** Taps one request may carry. */
  maxBatch: number;
}

export const DEFAULT_TAP_RULE: TapRule = { maxEnergy: 500, regenMs: 2_000, pointPerTap: 1n, dailyCap: 2_000, maxBatch: 200 };

export interface TapState {
  energy: number;
  /** When `energy` was true (epoch ms); regeneration counts from here. */
  energyAt: number;
  /** The platform day `tappedToday` counts. */
  day: string;
  tappedToday: number;
}

/** A user who never tapped: full energy. */
export const freshTapState = (now: number, today: string, rule: TapRule = DEFAULT_TAP_RULE): TapState => ({
  energy: rule.maxEnergy,
  energyAt: now,
  day: today,
  tappedToday: 0,
});

/**
 * The state at `now`: regenerated energy (whole units; the part of a unit
 * under way is kept by moving `energyAt` only by whole units) and the day's
 * count reset when the platform day changed.
 */
export function tapStateAt(state: TapState, now: number, today: string, rule: TapRule = DEFAULT_TAP_RULE): TapState {
  const elapsed = Math.max(0, now - state.energyAt);
  const units = Math.floor(elapsed / rule.regenMs);
  const full = state.energy + units >= rule.maxEnergy;
  const energy = Math.min(rule.maxEnergy, Math.max(0, state.energy) + units);
  return {
    energy,
    energyAt: full ? now : state.energyAt + units * rule.regenMs,
    day: today,
    tappedToday: state.day === today ? state.tappedToday : 0,
  };
}

export interface TapOutcome {
  state: TapState;
  accepted: number;
  earned: Money;
}

/** Applies a batch of `requested` taps at `now`: accepted = min(requested, batch limit, energy, what is left of the day's cap). */
export function applyTaps(state: TapState, requested: number, now: number, today: string, rule: TapRule = DEFAULT_TAP_RULE): TapOutcome {
  if (!Number.isSafeInteger(requested) || requested < 0) throw new RangeError(`taps must be a non-negative integer, got ${requested}`);
  const current = tapStateAt(state, now, today, rule);
  const accepted = Math.max(0, Math.min(requested, rule.maxBatch, current.energy, rule.dailyCap - current.tappedToday));
  return {
    state: { ...current, energy: current.energy - accepted, tappedToday: current.tappedToday + accepted },
    accepted,
    earned: rule.pointPerTap * BigInt(accepted),
  };
}
