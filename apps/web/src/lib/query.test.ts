import { describe, expect, it } from 'vitest';
import { parseQuery } from './query';

describe('parseQuery', () => {
  it('turns a query string into props', () => {
    expect(parseQuery('?invitationCode=AB12&panel=register')).toEqual({ invitationCode: 'AB12', panel: 'register' });
  });
  it('decodes values and keeps the first of repeated keys', () => {
    expect(parseQuery('a=x%20y&a=2&b=')).toEqual({ a: 'x y', b: '' });
  });
  it('gives an empty object for no query', () => {
    expect(parseQuery('')).toEqual({});
    expect(parseQuery('?')).toEqual({});
  });
});
