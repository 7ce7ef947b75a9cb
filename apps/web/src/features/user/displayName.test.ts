import { describe, expect, it } from 'vitest';
import { displayName } from './displayName';

describe('displayName', () => {
  it('shows the nickname, or the phone when there is none', () => {
    expect(displayName({ nickName: 'Ann', phone: '9876543210' })).toBe('Ann');
    expect(displayName({ nickName: '  ', phone: '9876543210' })).toBe('9876543210');
    expect(displayName(undefined)).toBe('');
  });
});
