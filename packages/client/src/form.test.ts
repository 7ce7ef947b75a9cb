import { describe, expect, it } from 'vitest';
import { toUrlEncoded } from './form';

describe('toUrlEncoded', () => {
  it('repeats keys for arrays, stringifies numbers and bigints, skips undefined and null', () => {
    expect(toUrlEncoded({ a: 'x y', b: 2, c: [1, 'two'], d: undefined, e: null, f: 10n, g: true })).toBe('a=x+y&b=2&c=1&c=two&f=10&g=true');
  });
  it('encodes unicode and reserved characters', () => {
    expect(new URLSearchParams(toUrlEncoded({ name: 'آیدا & co=1' })).get('name')).toBe('آیدا & co=1');
  });
});
