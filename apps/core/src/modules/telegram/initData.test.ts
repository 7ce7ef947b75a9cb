import { sign } from '@telegram-apps/init-data-node';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock';
import { validateInitData } from './initData';

const token = '111:unit-test-token';
const clock = new ManualClock('2026-11-22T12:00:00Z');
const signed = (authDate: Date, user: Record<string, unknown> = { id: 42, first_name: 'A', username: 'alice' }) =>
  sign({ user: user as never, start_param: 'CODE1234' }, token, authDate);

describe('validateInitData', () => {
  it('accepts fresh data signed with our token and reads the user', () => {
    const result = validateInitData(signed(clock.now()), token, clock, 86_400);
    expect(result).toEqual({
      ok: true,
      launch: { telegramId: 42, username: 'alice', firstName: 'A', languageCode: undefined, startParam: 'CODE1234', authDate: clock.now() },
    });
  });

  it('uses the injected clock for the age limit', () => {
    const raw = signed(clock.now());
    const later = new ManualClock(new Date(clock.now().getTime() + 3_601_000));
    expect(validateInitData(raw, token, later, 3_600).ok).toBe(false);
    expect(validateInitData(raw, token, later, 3_700).ok).toBe(true);
  });

  it('refuses without a bot token, with another token, or without a user', () => {
    expect(validateInitData(signed(clock.now()), undefined, clock, 86_400).ok).toBe(false);
    expect(validateInitData(signed(clock.now()), '222:other', clock, 86_400).ok).toBe(false);
    expect(validateInitData(sign({ start_param: 'x' } as never, token, clock.now()), token, clock, 86_400).ok).toBe(false);
    expect(validateInitData('x'.repeat(9000), token, clock, 86_400).ok).toBe(false);
  });
});
