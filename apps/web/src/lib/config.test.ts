import { describe, expect, it } from 'vitest';
import { parseCountryCodes } from './config';

describe('parseCountryCodes', () => {
  it('splits the comma-separated configuration', () => {
    expect(parseCountryCodes('91,1, 44,+84')).toEqual(['91', '1', '44', '84']);
  });
  it('drops blanks and junk', () => {
    expect(parseCountryCodes(' , x,12345,')).toEqual([]);
    expect(parseCountryCodes(undefined)).toEqual([]);
  });
});
