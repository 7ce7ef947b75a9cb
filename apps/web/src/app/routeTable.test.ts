import { routes, tabRoutes } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { routeTable } from './routeTable';

const byPath = (path: string) => routeTable.find((entry) => entry.path === path);

describe('routeTable', () => {
  it("has every shared route exactly once: the specification's and the game's", () => {
    expect(routeTable.map((entry) => entry.path).sort()).toEqual(Object.values(routes).sort());
    expect(routes.game).toBe('/pages/game/game');
    expect(routes.gameVerify).toBe('/pages/game/verify');
  });

  it('puts the game (login needed) and its verify screen (public) under a back-arrow bar', () => {
    expect(byPath('/pages/game/game')?.meta).toMatchObject({ name: 'game', layout: 'page', auth: true, back: true });
    expect(byPath('/pages/game/verify')?.meta).toMatchObject({ name: 'gameVerify', layout: 'page', auth: false, back: true });
  });

  it('puts the four tabs in the tab layout, the entry pages bare, the rest under a back-arrow bar', () => {
    for (const path of tabRoutes) expect(byPath(path)?.meta.layout).toBe('tab');
    expect(byPath('/')?.meta.layout).toBe('bare');
    expect(byPath('/pages/load/load')?.meta.layout).toBe('bare');
    expect(byPath(routes.myProfile)?.meta).toMatchObject({ layout: 'page', back: true });
    expect(byPath(routes.login)?.meta).toMatchObject({ layout: 'page', back: false, langIcon: true });
  });

  it('requires a login everywhere except login, language, introduction, entry and game-verify pages', () => {
    const open = routeTable.filter((entry) => !entry.meta.auth).map((entry) => entry.path);
    expect(open.sort()).toEqual(
      [
        routes.load,
        routes.loadAlias,
        routes.login,
        routes.lang,
        routes.introduction,
        routes.introductionPdf,
        routes.gameVerify,
        routes.liabilities,
      ].sort(),
    );
  });

  it('keeps the entry and login pages lean (no react-query, only the shell strings), and only them', () => {
    const lean = routeTable.filter((entry) => entry.meta.lean).map((entry) => entry.path);
    expect(lean.sort()).toEqual([routes.load, routes.loadAlias, routes.login].sort());
  });

  it('loads the entry page from one shared module; the fixed-deposit pages have their own', () => {
    expect(byPath('/')?.load).toBe(byPath('/pages/load/load')?.load);
    expect(byPath(routes.deposit)?.load).not.toBe(byPath(routes.givenPower)?.load);
  });
});
