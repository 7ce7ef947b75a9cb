import { describe, expect, it } from 'vitest';
import { formatNet, summarizeIncome } from './income';
import { notifyTexts } from './texts';
import { DEFAULT_CHOICES, inQuietHours, isPlayerTimeZone, isReminderTime, NOTIFICATION_TOPICS, reminderDue } from './topics';

describe('notification choices', () => {
  it('name four topics, all on by default except the reminder', () => {
    expect(NOTIFICATION_TOPICS).toEqual(['results', 'income', 'reminder', 'notices']);
    expect(DEFAULT_CHOICES.topics).toEqual({ results: true, income: true, reminder: false, notices: true });
    expect(inQuietHours(DEFAULT_CHOICES.reminderTime)).toBe(false);
  });

  it('take a reminder time as HH:MM only', () => {
    for (const good of ['00:00', '08:00', '20:30', '23:59']) expect(isReminderTime(good)).toBe(true);
    for (const bad of ['24:00', '8:00', '20:60', '20:00:00', '', ' 20:00', '2000']) expect(isReminderTime(bad)).toBe(false);
  });

  it('keep quiet hours from 22:00 up to 08:00', () => {
    expect(['22:00', '23:59', '00:00', '07:59'].map(inQuietHours)).toEqual([true, true, true, true]);
    expect(['08:00', '12:00', '21:59'].map(inQuietHours)).toEqual([false, false, false]);
  });

  it('take IANA zone names only', () => {
    for (const good of ['UTC', 'Europe/London', 'Asia/Ho_Chi_Minh', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5'])
      expect(isPlayerTimeZone(good)).toBe(true);
    for (const bad of ['', 'Mars/Olympus', '+05:00', 'Europe/London; drop', 'x'.repeat(65)]) expect(isPlayerTimeZone(bad)).toBe(false);
  });
});

describe('the daily reminder', () => {
  const choice = { reminderTime: '20:00', timeZone: 'Asia/Ho_Chi_Minh' }; // UTC+7
  const at = (iso: string) => new Date(iso);

  it('is due at or after the chosen local time, once per local day', () => {
    expect(reminderDue(at('2026-03-10T12:59:00Z'), choice, null)).toEqual({ due: 'no' });
    expect(reminderDue(at('2026-03-10T13:00:00Z'), choice, null)).toEqual({ due: 'send', day: '2026-03-10' });
    expect(reminderDue(at('2026-03-10T13:30:00Z'), choice, '2026-03-09')).toEqual({ due: 'send', day: '2026-03-10' });
    expect(reminderDue(at('2026-03-10T13:30:00Z'), choice, '2026-03-10')).toEqual({ due: 'no' });
  });

  it('catches up a missed time for two hours, then drops the day', () => {
    expect(reminderDue(at('2026-03-10T15:00:00Z'), choice, null)).toEqual({ due: 'send', day: '2026-03-10' });
    expect(reminderDue(at('2026-03-10T15:01:00Z'), choice, null)).toEqual({ due: 'missed', day: '2026-03-10' });
  });

  it('counts the day in the player zone, not UTC', () => {
    // 01:00 local on the 11th is still before 20:00: nothing, although UTC is on the 10th.
    expect(reminderDue(at('2026-03-10T18:00:00Z'), choice, '2026-03-10')).toEqual({ due: 'no' });
    const london = { reminderTime: '09:00', timeZone: 'Europe/London' };
    // Summer time: 09:00 BST is 08:00 UTC.
    expect(reminderDue(at('2026-07-01T08:00:00Z'), london, null)).toEqual({ due: 'send', day: '2026-07-01' });
    expect(reminderDue(at('2026-07-01T07:59:00Z'), london, null)).toEqual({ due: 'no' });
  });

  it('is never due with a broken choice', () => {
    expect(reminderDue(at('2026-03-10T13:00:00Z'), { reminderTime: '25:00', timeZone: 'UTC' }, null)).toEqual({ due: 'no' });
    expect(reminderDue(at('2026-03-10T13:00:00Z'), { reminderTime: '10:00', timeZone: 'Nowhere/City' }, null)).toEqual({ due: 'no' });
  });
});

describe('the daily income summary', () => {
  it('groups a day of rebates and income per coin into one line each', () => {
    const lines = summarizeIncome([
      { type: 'rebate', asset: 'CASH', amount: 150n },
      { type: 'rebate', asset: 'CASH', amount: 50n },
      { type: 'power_income', asset: 'CASH', amount: 1000n },
      { type: 'deposit_interest', asset: 'USDT', amount: 7n },
      { type: 'payout', asset: 'CASH', amount: 99_999n },
      { type: 'rebate', asset: 'AAA', amount: 0n },
    ]);
    expect(lines).toEqual([
      { asset: 'CASH', rebates: '2.00', income: '10.00', total: '12.00' },
      { asset: 'USDT', rebates: '0.00', income: '0.07', total: '0.07' },
    ]);
  });

  it('gives nothing for a day without income', () => {
    expect(summarizeIncome([{ type: 'bet', asset: 'CASH', amount: 5n }])).toEqual([]);
  });

  it('signs a session net', () => {
    expect(formatNet({ staked: 1000n, paid: 1950n })).toBe('+9.50');
    expect(formatNet({ staked: 1000n, paid: 0n })).toBe('-10.00');
    expect(formatNet({ staked: 1000n, paid: 1000n })).toBe('0.00');
  });

  it('has its texts in every language', () => {
    for (const locale of ['en-US', 'zh-TW', 'vi', 'fa', 'ar']) {
      const t = notifyTexts(locale);
      expect(t.footer).toContain('/settings');
      expect(t.incomeLine({ asset: 'CASH', rebates: '1.00', income: '2.00', total: '3.00' })).toContain('3.00');
    }
  });
});
