import { type RouteName, routes, tabRoutes } from '@prism/domain';
import type { ComponentType } from 'react';
import type { PageProps } from '../lib/query';

/**
 * Every route of specification point 2 and the game's, in one table built from
 * the shared `routes` of @prism/domain: which
 * layout wraps it, whether it needs a login, whether its bar has a back arrow,
 * and how its page module loads (lazily).
 */
export type Layout = 'bare' | 'tab' | 'page';

export interface RouteMeta {
  name: RouteName;
  layout: Layout;
  /** Redirects to the login page when no token is stored. */
  auth: boolean;
  /** Back arrow in our bar and Telegram's back button. */
  back: boolean;
  /** A language icon in the bar (the login page; tab pages always have one). */
  langIcon: boolean;
  /**
   * A visitor's first pages (entry, login): they load without react-query and
   * with only the shell's UI strings; every other page loads both with layouts/FullLayout.
   */
  lean: boolean;
}

export type PageModule = { default: ComponentType<PageProps> };

export interface RouteEntry {
  path: string;
  meta: RouteMeta;
  load: () => Promise<PageModule>;
}

const entry = () => import('./routes/entry');

const loaders: Record<RouteName, () => Promise<PageModule>> = {
  load: entry,
  loadAlias: entry,
  home: () => import('./routes/home'),
  doubleInvest: () => import('./routes/doubleInvest'),
  doubleInvestDetail: () => import('./routes/doubleInvestDetail'),
  givenPower: () => import('./routes/givenPower'),
  powerRecords: () => import('./routes/powerRecords'),
  team: () => import('./routes/team'),
  account: () => import('./routes/account'),
  assetRecords: () => import('./routes/assetRecords'),
  bankCard: () => import('./routes/bankCard'),
  myProfile: () => import('./routes/profile'),
  lang: () => import('./routes/lang'),
  loginPassword: () => import('./routes/loginPassword'),
  paymentPassword: () => import('./routes/paymentPassword'),
  login: () => import('./routes/login'),
  notice: () => import('./routes/notice'),
  noticeDetail: () => import('./routes/noticeDetail'),
  deposit: () => import('./routes/deposit'),
  depositForm: () => import('./routes/depositForm'),
  depositOutForm: () => import('./routes/depositOutForm'),
  recharge: () => import('./routes/recharge'),
  withdrawal: () => import('./routes/withdrawal'),
  introduction: () => import('./routes/introduction'),
  introductionPdf: () => import('./routes/introductionPdf'),
  game: () => import('./routes/game'),
  gameVerify: () => import('./routes/gameVerify'),
  giftCode: () => import('./routes/giftCode'),
  tap: () => import('./routes/tap'),
  levels: () => import('./routes/levels'),
  protection: () => import('./routes/protection'),
  followInvest: () => import('./routes/followInvest'),
  followInvestOrders: () => import('./routes/followInvestOrders'),
  myPlay: () => import('./routes/myPlay'),
  notifications: () => import('./routes/notifications'),
  support: () => import('./routes/support'),
  liabilities: () => import('./routes/liabilities'),
  myData: () => import('./routes/myData'),
};

/** Pages anyone may open: the entry, login, language and introduction pages, and the check of a game result. */
const PUBLIC: readonly RouteName[] = ['load', 'loadAlias', 'login', 'lang', 'introduction', 'introductionPdf', 'gameVerify', 'liabilities'];
const BARE: readonly RouteName[] = ['load', 'loadAlias'];
const LEAN: readonly RouteName[] = ['load', 'loadAlias', 'login'];

function metaOf(name: RouteName): RouteMeta {
  const path = routes[name];
  const layout: Layout = BARE.includes(name) ? 'bare' : (tabRoutes as readonly string[]).includes(path) ? 'tab' : 'page';
  return {
    name,
    layout,
    auth: !PUBLIC.includes(name),
    back: layout === 'page' && name !== 'login',
    langIcon: name === 'login',
    lean: LEAN.includes(name),
  };
}

export const routeTable: RouteEntry[] = (Object.keys(routes) as RouteName[]).map((name) => ({
  path: routes[name],
  meta: metaOf(name),
  load: loaders[name],
}));
