import { DEFAULT_TAP_RULE, formatMoney, parseMoney, type TapAnswer } from '@prism/domain';

/**
 * The tap screen's model: taps count at once on screen (optimistic), travel to
 * the server in batches, and the server's answer decides. Energy shown between
 * answers regenerates as the server will compute it.
 */
export interface TapView {
  server: TapAnswer;
  /** When `server` was received (epoch ms, the device's clock: only differences are used). */
  answeredAt: number;
  /** Taps made and not yet sent. */
  pending: number;
  /** The batch on its way: resent with the same id after a lost answer, so it counts once. */
  inFlight?: { batchId: string; count: number } | undefined;
}

const unsent = (view: TapView) => view.pending + (view.inFlight?.count ?? 0);

export function energyOf(view: TapView, now: number): number {
  const { server } = view;
  const regenerated = Math.floor(Math.max(0, now - view.answeredAt) / (server.regenSeconds * 1000));
  return Math.max(0, Math.min(server.maxEnergy, server.energy + regenerated) - unsent(view));
}

export function tappedTodayOf(view: TapView): number {
  return view.server.tappedToday + unsent(view);
}

export function canTap(view: TapView, now: number): boolean {
  return energyOf(view, now) > 0 && tappedTodayOf(view) < view.server.dailyCap;
}

/** POINT as it will be once the unsent taps are counted. */
export function pointOf(view: TapView): string {
  const point = parseMoney(view.server.point);
  const perTap = parseMoney(view.server.pointPerTap);
  if (!point.ok || !perTap.ok) return view.server.point;
  return formatMoney(point.value + perTap.value * BigInt(unsent(view)));
}

export const afterTap = (view: TapView): TapView => ({ ...view, pending: view.pending + 1 });

/** Takes the pending taps (at most one request's worth) into a batch to send. */
export function startBatch(view: TapView, batchId: string): TapView {
  if (view.inFlight || view.pending === 0) return view;
  const count = Math.min(view.pending, DEFAULT_TAP_RULE.maxBatch);
  return { ...view, pending: view.pending - count, inFlight: { batchId, count } };
}

/** The server's answer replaces what it knows; taps it did not accept are gone. */
export const afterAnswer = (view: TapView, answer: TapAnswer, now: number): TapView => ({
  ...view,
  server: answer,
  answeredAt: now,
  inFlight: undefined,
});

/** A refusal (not a lost answer): the batch is dropped. */
export const afterRefusal = (view: TapView): TapView => ({ ...view, inFlight: undefined });
