import { describe, expect, it } from 'vitest';
import { enUSApp } from '../../i18n/locales/app/en-US';
import { roomLength } from './roomName';

describe('room names from their duration', () => {
  it('whole minutes in minutes, anything else in seconds', () => {
    expect([60, 180, 300, 3_600].map(roomLength)).toEqual([
      { unit: 'minutes', n: 1 },
      { unit: 'minutes', n: 3 },
      { unit: 'minutes', n: 5 },
      { unit: 'minutes', n: 60 },
    ]);
    expect([10, 4, 90, 59].map(roomLength)).toEqual([
      { unit: 'seconds', n: 10 },
      { unit: 'seconds', n: 4 },
      { unit: 'seconds', n: 90 },
      { unit: 'seconds', n: 59 },
    ]);
  });

  it('has the English forms the tabs show', () => {
    expect(enUSApp.game.roomMinutes.replace('{{n}}', '1')).toBe('1 min');
    expect(enUSApp.game.roomSeconds.replace('{{n}}', '10')).toBe('10 s');
  });
});
