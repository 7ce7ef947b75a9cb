import { describe, expect, it } from 'vitest';
import {
  changeExclusion,
  changeLimits,
  checkDeposit,
  effectiveLimits,
  exclusionEnd,
  type LimitState,
  limitWindowStart,
  NO_LIMITS,
  playSession,
  realityCheckDue,
} from './rules';

const at = (iso: string) => new Date(iso);

describe('self-exclusion', () => {
  it('computes the end of each period', () => {
    const now = at('2026-01-31T10:00:00Z');
    expect(exclusionEnd(now, '24h').toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(exclusionEnd(now, '7d').toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(exclusionEnd(now, '30d').toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(exclusionEnd(at('2026-01-15T10:00:00Z'), '6m').toISOString()).toBe('2026-07-15T10:00:00.000Z');
  });

  it('can be lengthened, never shortened, and must end in the future', () => {
    const now = at('2026-01-01T00:00:00Z');
    const current = at('2026-01-08T00:00:00Z');
    expect(changeExclusion(current, at('2026-01-02T00:00:00Z'), now)).toEqual({ ok: false, reason: 'SHORTER' });
    expect(changeExclusion(current, current, now)).toEqual({ ok: false, reason: 'SHORTER' });
    expect(changeExclusion(current, at('2026-02-01T00:00:00Z'), now)).toEqual({ ok: true, until: at('2026-02-01T00:00:00Z') });
    expect(changeExclusion(null, at('2025-12-31T00:00:00Z'), now)).toEqual({ ok: false, reason: 'NOT_FUTURE' });
    expect(changeExclusion(null, at('2040-01-01T00:00:00Z'), now)).toEqual({ ok: false, reason: 'TOO_LONG' });
    // An exclusion that has ended no longer binds.
    expect(changeExclusion(at('2025-12-01T00:00:00Z'), at('2026-01-02T00:00:00Z'), now).ok).toBe(true);
  });
});

describe('deposit limits: the 24 hour rule', () => {
  const now = at('2026-03-01T12:00:00Z');
  const none: LimitState = { current: NO_LIMITS, pending: null, pendingFrom: null };

  it('a first limit (a lowering from none) applies at once', () => {
    const next = changeLimits(none, { day: 10_000n, week: null, month: null }, now);
    expect(next).toEqual({ current: { day: 10_000n, week: null, month: null }, pending: null, pendingFrom: null });
  });

  it('raising or removing waits 24 hours; lowering in the same request applies at once', () => {
    const state: LimitState = { current: { day: 10_000n, week: 50_000n, month: null }, pending: null, pendingFrom: null };
    const next = changeLimits(state, { day: 20_000n, week: 40_000n, month: null }, now);
    expect(next.current).toEqual({ day: 10_000n, week: 40_000n, month: null });
    expect(next.pending).toEqual({ day: 20_000n, week: 40_000n, month: null });
    expect(next.pendingFrom?.toISOString()).toBe('2026-03-02T12:00:00.000Z');
    expect(effectiveLimits(next, at('2026-03-02T11:59:59Z')).day).toBe(10_000n);
    expect(effectiveLimits(next, at('2026-03-02T12:00:00Z')).day).toBe(20_000n);

    const removal = changeLimits(state, NO_LIMITS, now);
    expect(removal.current).toEqual(state.current);
    expect(removal.pending).toEqual(NO_LIMITS);
  });

  it('a later lowering replaces a pending raise', () => {
    const state: LimitState = { current: { day: 10_000n, week: null, month: null }, pending: null, pendingFrom: null };
    const raised = changeLimits(state, { day: 30_000n, week: null, month: null }, now);
    const lowered = changeLimits(raised, { day: 5_000n, week: null, month: null }, at('2026-03-01T13:00:00Z'));
    expect(lowered).toEqual({ current: { day: 5_000n, week: null, month: null }, pending: null, pendingFrom: null });
  });
});

describe('limit windows in the platform time zone', () => {
  it('day, Monday week and month start at local midnight', () => {
    const now = at('2026-03-04T20:00:00Z'); // Thursday 05:00 in Tokyo (UTC+9)
    expect(limitWindowStart('day', now, 'Asia/Tokyo').toISOString()).toBe('2026-03-04T15:00:00.000Z');
    expect(limitWindowStart('week', now, 'Asia/Tokyo').toISOString()).toBe('2026-03-01T15:00:00.000Z');
    expect(limitWindowStart('month', now, 'Asia/Tokyo').toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(limitWindowStart('week', at('2026-03-02T00:00:00Z'), 'UTC').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(limitWindowStart('week', at('2026-03-01T23:59:00Z'), 'UTC').toISOString()).toBe('2026-02-23T00:00:00.000Z');
  });

  it('refuses the first period whose remaining amount is exceeded', () => {
    const limits = { day: 10_000n, week: 30_000n, month: null };
    expect(checkDeposit(limits, { day: 0n, week: 0n, month: 0n }, 10_000n)).toEqual({ ok: true });
    expect(checkDeposit(limits, { day: 4_000n, week: 0n, month: 0n }, 7_000n)).toEqual({ ok: false, period: 'day', remaining: 6_000n });
    expect(checkDeposit(limits, { day: 0n, week: 25_000n, month: 0n }, 7_000n)).toEqual({ ok: false, period: 'week', remaining: 5_000n });
    expect(checkDeposit(limits, { day: 12_000n, week: 0n, month: 0n }, 1n)).toEqual({ ok: false, period: 'day', remaining: 0n });
  });
});

describe('reality check', () => {
  const now = at('2026-03-01T12:00:00Z');
  const min = (m: number) => new Date(now.getTime() - m * 60_000);

  it('a play session is the run of bets no more than 30 minutes apart, ended by 30 idle minutes', () => {
    expect(playSession([min(5), min(20), min(45), min(80)], now)).toEqual({ start: min(45), last: min(5) });
    expect(playSession([min(31)], now)).toBeNull();
    expect(playSession([], now)).toBeNull();
  });

  it('is due every N minutes from the session start or the last acknowledgement', () => {
    const session = { start: min(16) };
    expect(realityCheckDue(15, session, null, now)).toBe(true);
    expect(realityCheckDue(30, session, null, now)).toBe(false);
    expect(realityCheckDue(0, session, null, now)).toBe(false);
    expect(realityCheckDue(15, session, min(1), now)).toBe(false);
    expect(realityCheckDue(15, session, min(20), now)).toBe(true); // an acknowledgement from before the session does not count
    expect(realityCheckDue(15, null, null, now)).toBe(false);
  });
});
