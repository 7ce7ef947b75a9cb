import { describe, expect, it } from 'vitest';
import { ageHours, filterQueue, type QueueRow, reviewState } from './queue';

const now = Date.parse('2026-11-27T12:00:00Z');
const row = (id: number, currency: string, createDateTime: string): QueueRow => ({
  id,
  orderNo: `W${id}`,
  currency,
  amount: '10.00',
  fee: '0.20',
  receive: '9.80',
  channel: 'bank',
  destination: 'HDFC ••••9012',
  status: 'pending_review',
  reason: '',
  createDateTime,
  completeDateTime: '',
  userId: id,
});

describe('the withdrawal queue', () => {
  const rows = [row(1, 'CASH', '2026-11-27T11:30:00Z'), row(2, 'USDT', '2026-11-26T10:00:00Z'), row(3, 'CASH', '2026-11-25T12:00:00Z')];

  it('filters by coin and by how long a withdrawal has waited', () => {
    expect(filterQueue(rows, { coin: '', minAgeHours: 0 }, now).map((r) => r.id)).toEqual([1, 2, 3]);
    expect(filterQueue(rows, { coin: 'CASH', minAgeHours: 0 }, now).map((r) => r.id)).toEqual([1, 3]);
    expect(filterQueue(rows, { coin: '', minAgeHours: 24 }, now).map((r) => r.id)).toEqual([2, 3]);
    expect(filterQueue(rows, { coin: 'CASH', minAgeHours: 24 }, now).map((r) => r.id)).toEqual([3]);
    expect(ageHours('2026-11-26T10:00:00Z', now)).toBe(26);
  });

  it('the four-eyes state: the first approver cannot approve again, another operator can', () => {
    expect(reviewState({ status: 'pending_review', firstApprovedBy: null }, 'ann')).toEqual({ kind: 'open' });
    expect(reviewState({ status: 'pending_review', firstApprovedBy: 'ann' }, 'ann')).toEqual({
      kind: 'awaitingSecond',
      firstBy: 'ann',
      mine: true,
    });
    expect(reviewState({ status: 'pending_review', firstApprovedBy: 'ann' }, 'bob')).toEqual({
      kind: 'awaitingSecond',
      firstBy: 'ann',
      mine: false,
    });
    expect(reviewState({ status: 'paid', firstApprovedBy: 'ann' }, 'bob')).toEqual({ kind: 'decided' });
  });
});
