import { describe, expect, it } from 'vitest';
import { pickInvitationCode } from './invitation';

describe('pickInvitationCode', () => {
  it('prefers ?invitationCode=, then ?startapp=, then the Telegram start_param', () => {
    expect(pickInvitationCode({ invitationCode: 'ab12cd34', startapp: 'ZZZZ9999' }, 'TTTT0000')).toBe('AB12CD34');
    expect(pickInvitationCode({ startapp: 'ZZZZ9999' }, 'TTTT0000')).toBe('ZZZZ9999');
    expect(pickInvitationCode({}, 'TTTT0000')).toBe('TTTT0000');
  });
  it('ignores values that are not invitation codes', () => {
    expect(pickInvitationCode({ invitationCode: '<script>' }, undefined)).toBeUndefined();
    expect(pickInvitationCode({ startapp: '' }, 'x')).toBeUndefined();
  });
});
