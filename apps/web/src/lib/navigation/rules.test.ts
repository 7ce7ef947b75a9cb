import { routes } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { depthOf, type Navigator, type NavPlan, planBackButton, planNavigation, runPlan } from './rules';

describe('depthOf', () => {
  it('treats a page without state (opened from the address bar) as a one-page stack', () => {
    expect(depthOf(null)).toBe(1);
    expect(depthOf(undefined)).toBe(1);
    expect(depthOf({ depth: 'x' })).toBe(1);
    expect(depthOf({ depth: 0 })).toBe(1);
    expect(depthOf({ depth: 3 })).toBe(3);
  });
});

describe('planNavigation', () => {
  it('pushes one page deeper with navigateTo', () => {
    expect(planNavigation('navigateTo', routes.myProfile, 1)).toEqual({ kind: 'push', url: routes.myProfile, state: { depth: 2 } });
  });

  it('replaces the current page with redirectTo, keeping the depth', () => {
    expect(planNavigation('redirectTo', routes.notice, 3)).toEqual({ kind: 'replace', url: routes.notice, state: { depth: 3 } });
  });

  it('starts a one-page stack with reLaunch and switchTab', () => {
    expect(planNavigation('reLaunch', routes.login, 4)).toEqual({ kind: 'replace', url: routes.login, state: { depth: 1 } });
    expect(planNavigation('switchTab', routes.team, 1)).toEqual({ kind: 'replace', url: routes.team, state: { depth: 1 } });
  });

  it.each(['navigateTo', 'redirectTo', 'reLaunch', 'switchTab', 'navigateBack'] as const)(
    '%s without a url on a one-page stack opens home',
    (method) => {
      expect(planNavigation(method, undefined, 1)).toEqual({ kind: 'replace', url: routes.home, state: { depth: 1 } });
    },
  );

  it('goes back one page without a url on a deeper stack', () => {
    expect(planNavigation('navigateTo', undefined, 2)).toEqual({ kind: 'back', delta: 1 });
    expect(planNavigation('navigateBack', undefined, 3)).toEqual({ kind: 'back', delta: 1 });
  });

  it('goes back several pages, or home when the stack is not that deep', () => {
    expect(planNavigation('navigateBack', undefined, 4, 2)).toEqual({ kind: 'back', delta: 2 });
    expect(planNavigation('navigateBack', undefined, 2, 5)).toEqual({ kind: 'replace', url: routes.home, state: { depth: 1 } });
  });
});

describe('planBackButton', () => {
  it("goes to '/' when the stack holds one page", () => {
    expect(planBackButton(1)).toEqual({ kind: 'replace', url: '/', state: { depth: 1 } });
  });
  it('goes back one page otherwise', () => {
    expect(planBackButton(2)).toEqual({ kind: 'back', delta: 1 });
  });
});

describe('runPlan', () => {
  const record = (plan: NavPlan) => {
    const calls: unknown[] = [];
    const navigator: Navigator = { go: (url, options) => calls.push(['go', url, options]), back: (delta) => calls.push(['back', delta]) };
    runPlan(plan, navigator);
    return calls;
  };
  it('maps plans onto the router', () => {
    expect(record({ kind: 'back', delta: 1 })).toEqual([['back', 1]]);
    expect(record({ kind: 'push', url: '/a', state: { depth: 2 } })).toEqual([['go', '/a', { replace: false, state: { depth: 2 } }]]);
    expect(record({ kind: 'replace', url: '/b', state: { depth: 1 } })).toEqual([['go', '/b', { replace: true, state: { depth: 1 } }]]);
  });
});
