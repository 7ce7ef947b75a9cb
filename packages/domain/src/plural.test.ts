import { describe, expect, it } from 'vitest';
import { operatorTexts } from './messages/telegram';
import { countOf } from './plural';

describe('countOf', () => {
  it('uses the English plural form', () => {
    expect(countOf(1, 'user', 'users')).toBe('1 user');
    expect(countOf(0, 'user', 'users')).toBe('0 users');
    expect(countOf(2, 'use', 'uses')).toBe('2 uses');
    expect(countOf(1, 'day', 'days')).toBe('1 day');
  });
});

describe('operator texts say real plurals', () => {
  it('broadcast and gift code', () => {
    expect(operatorTexts.broadcastSent({ id: 4, recipients: 1, telegram: 2 })).toBe(
      'Broadcast #4 posted to 1 user; 2 Telegram chats will get it.',
    );
    expect(operatorTexts.broadcastSent({ id: 5, recipients: 3, telegram: 1 })).toBe(
      'Broadcast #5 posted to 3 users; 1 Telegram chat will get it.',
    );
    const created = operatorTexts.giftCodeCreated({
      code: 'GIFT',
      amount: '5.00',
      asset: 'CASH',
      uses: 1,
      expiresAt: '2026-12-01T10:00:00Z',
    });
    expect(created).toBe('Gift code GIFT: 5.00 CASH, 1 use, once per user, until 2026-12-01 10:00 UTC.');
    expect(
      operatorTexts.giftCodeCreated({ code: 'G', amount: '1', asset: 'USDT', uses: 100, expiresAt: '2026-12-01T10:00:00Z' }),
    ).toContain('100 uses,');
    expect(`${created}${operatorTexts.broadcastSent({ id: 1, recipients: 2, telegram: 2 })}`).not.toContain('(s)');
  });
});
