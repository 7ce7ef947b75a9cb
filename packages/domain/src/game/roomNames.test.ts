import { describe, expect, it } from 'vitest';
import { defaultRoomName, hasDefaultRoomName } from './periods';

describe('room names', () => {
  it('a room without a name is named by its length: whole minutes as "n Min", else seconds', () => {
    expect([60, 180, 300, 90, 4].map(defaultRoomName)).toEqual(['1 Min', '3 Min', '5 Min', '90 s', '4 s']);
  });

  it('a default name (today\'s, or the "<seconds> s" of older rooms) is not the operator\'s; any other name is', () => {
    expect(hasDefaultRoomName({ levelName: '1 Min', sessionSeconds: 60 })).toBe(true);
    expect(hasDefaultRoomName({ levelName: '120 s', sessionSeconds: 120 })).toBe(true);
    expect(hasDefaultRoomName({ levelName: ' ', sessionSeconds: 60 })).toBe(true);
    // A renamed room keeps the operator's name, also one that looks like another room's default.
    expect(hasDefaultRoomName({ levelName: 'VIP', sessionSeconds: 60 })).toBe(false);
    expect(hasDefaultRoomName({ levelName: '3 Min', sessionSeconds: 60 })).toBe(false);
  });
});
