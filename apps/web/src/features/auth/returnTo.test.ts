import { routes } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { loginStateFor, returnTarget } from './returnTo';

describe('the page to return to after logging in', () => {
  it('is the page asked for, with its query', () => {
    expect(returnTarget(loginStateFor({ pathname: routes.noticeDetail, search: '?id=42' }))).toBe(`${routes.noticeDetail}?id=42`);
    expect(returnTarget({ from: `${routes.recharge}/` })).toBe(routes.recharge);
    expect(returnTarget({ depth: 1, from: routes.withdrawal })).toBe(routes.withdrawal);
  });

  it('is home without one, or for anything that is not a page of the app', () => {
    for (const state of [
      undefined,
      null,
      {},
      { from: 42 },
      { from: 'https://evil.example/pages/home/home' },
      { from: '//evil.example/pages/home/home' },
      { from: '/\\evil.example/pages/home/home' },
      { from: 'javascript:alert(1)' },
      { from: '/pages/nope/nope' },
      { from: routes.login },
      { from: `${routes.login}?panel=register` },
      { from: routes.load },
    ]) {
      expect(returnTarget(state)).toBe(routes.home);
    }
  });
});
