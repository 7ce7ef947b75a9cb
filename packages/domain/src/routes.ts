/**
 * The Mini App's routes (specification point 2, plus the game's, which the
 * specification does not list). Shared so the bot can deep-link to a screen and
 * the web router has one table to build from.
 */
export const routes = {
  load: '/',
  loadAlias: '/pages/load/load',
  home: '/pages/home/home',
  doubleInvest: '/pages/DoubleInvest/DoubleInvest',
  doubleInvestDetail: '/pages/DoubleInvest/detail/detail',
  givenPower: '/pages/DoubleInvest/givenPower/givenPower',
  /** Power records (purchases, gifts, maturities). Ours: the specification shows the records but not their path. */
  powerRecords: '/pages/DoubleInvest/records/records',
  team: '/pages/team/team',
  account: '/pages/account/account',
  assetRecords: '/pages/assetRecords/assetRecords',
  bankCard: '/pages/bankCard/bankCard',
  myProfile: '/pages/myProfile/myProfile',
  lang: '/pages/myProfile/lang',
  loginPassword: '/pages/loginPassword/loginPassword',
  paymentPassword: '/pages/paymentPassword/paymentPassword',
  login: '/pages/login/login',
  notice: '/pages/notice/notice',
  noticeDetail: '/pages/notice/noticeDetail/noticeDetail',
  deposit: '/pages/deposit/deposit',
  depositForm: '/pages/deposit/form',
  depositOutForm: '/pages/deposit/outForm',
  recharge: '/pages/Rechargepage/Rechargepage',
  withdrawal: '/pages/Withdrawalpage/Withdrawalpage',
  introduction: '/pages/IntroductionPage/IntroductionPage',
  introductionPdf: '/pages/IntroductionPage/IntroductionPagePDF',
  /** The colour/size game (needs a login; `?level=` opens a room). Ours: the specification gives the game no route. */
  game: '/pages/game/game',
  /** The provably-fair check of one past result (public; `?periodId=` prefills). Ours. */
  gameVerify: '/pages/game/verify',
  /** Redeem a gift code and see the redemption records. Ours: the specification shows the page but not its path. */
  giftCode: '/pages/giftCode/giftCode',
  /** Tap-to-earn (from Home). Ours. */
  tap: '/pages/tap/tap',
  /** Levels with upgrade tasks (from the Personal tab and the top bar's level badge). Ours: the specification shows the page but not its path. */
  levels: '/pages/level/level',
  /** Advisor follow-invest products (from the Task Platform tab and the Personal tab). Ours: the specification shows the screens but not their paths. */
  followInvest: '/pages/followInvest/followInvest',
  /** The user's follow-invest orders. Ours. */
  followInvestOrders: '/pages/followInvest/orders',
  /** Responsible play: self-exclusion, deposit limits, reality check (from the Personal tab). Ours (docs/protection.md). */
  protection: '/pages/protection/protection',
  /** My play: per day the time in the game, bets, wins and net result (from the Personal tab and the reality check). Ours. */
  myPlay: '/pages/myPlay/myPlay',
  /** Which bot messages the player gets, and when the sign-in reminder comes (from the Personal tab). Ours. */
  notifications: '/pages/notifications/notifications',
  /** The support chat with the operators (from the Personal tab). Ours. */
  support: '/pages/support/support',
  /** Public proof of what the platform owes its players, and the player's own inclusion proof. Ours. */
  liabilities: '/pages/liabilities/liabilities',
  /** Download my data, or delete my account (from the Personal tab). Ours. */
  myData: '/pages/myData/myData',
} as const;

export type RouteName = keyof typeof routes;
export type RoutePath = (typeof routes)[RouteName];

/** The four bottom-bar tabs, in order; tapping one replaces the current page. */
export const tabRoutes = [routes.home, routes.doubleInvest, routes.team, routes.account] as const;
