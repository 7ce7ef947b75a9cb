import { DEFAULT_BET_COINS } from '@prism/domain';

/**
 * Settings seeded on first start (existing values are never overwritten).
 * Operators change them in the sys_config table or with `npm run ops -- config set`.
 */
export interface ConfigDefault {
  key: string;
  value: string;
  description: string;
  isPublic: boolean;
}

export const configDefaults: readonly ConfigDefault[] = [
  {
    key: 'COUNTRY_CODE',
    value: '91,1,44,84,98,971,966,886',
    description: 'Calling codes offered at registration, comma-separated; the first is the default.',
    isPublic: true,
  },
  {
    key: 'total_address_ton',
    value: 'UQDemoPrismTonDepositAddress0000000000000000000000',
    description: 'TON deposit address shown on the recharge page (demo value).',
    isPublic: true,
  },
  {
    key: 'CUSTOMER_SERVICE_URL',
    value: '',
    description: 'Customer service link; empty shows "Customer service address not set".',
    isPublic: true,
  },
  { key: 'DOWNLOAD_URL', value: '', description: 'App download address; empty means the public URL of this server.', isPublic: true },
  { key: 'CURRENCY_SYMBOL', value: '$', description: 'Currency symbol shown by the app.', isPublic: true },
  {
    key: 'PLATFORM_TIME_ZONE',
    value: 'UTC',
    description: 'IANA time zone whose midnight turns the platform day (sign-in, daily jobs, daily figures).',
    isPublic: true,
  },
  { key: 'SIGN_IN_ASSET', value: 'CASH', description: 'Asset the daily sign-in reward is paid in.', isPublic: false },
  { key: 'SIGN_IN_BASE', value: '0.10', description: 'Sign-in reward on day one of a streak.', isPublic: false },
  { key: 'SIGN_IN_STEP', value: '0.01', description: 'Added to the sign-in reward for each further day of a streak.', isPublic: false },
  {
    key: 'SIGN_IN_DOUBLE_EVERY',
    value: '7',
    description: 'The reward of every Nth streak day is doubled (0: never).',
    isPublic: false,
  },
  { key: 'TAP_MAX_ENERGY', value: '500', description: 'Tap-to-earn: energy when full (one tap spends one).', isPublic: false },
  { key: 'TAP_REGEN_SECONDS', value: '2', description: 'Tap-to-earn: seconds to regenerate one unit of energy.', isPublic: false },
  { key: 'TAP_POINT_PER_TAP', value: '0.01', description: 'Tap-to-earn: POINT earned per tap.', isPublic: false },
  { key: 'TAP_DAILY_CAP', value: '2000', description: 'Tap-to-earn: taps counted per platform day.', isPublic: false },
  {
    key: 'GAME_BET_COINS',
    value: DEFAULT_BET_COINS.join(','),
    description:
      'Coins the game offers for a bet, comma-separated (CHIP, GOLD, POINT). Offer only coins users can get: out of the box nothing pays GOLD, so add GOLD only once a gift code, task reward or exchange rate gives it.',
    isPublic: true,
  },
  {
    key: 'TEAM_BET_REBATE_BPS',
    value: '30,20,10',
    description: "Team bet rebate per level 1,2,3, in basis points of the member's valid bet turnover (30 = 0.30%).",
    isPublic: true,
  },
  {
    key: 'TEAM_RECHARGE_REBATE_BPS',
    value: '100,50,25',
    description: "Team recharge rebate per level 1,2,3, in basis points of the member's credited recharges.",
    isPublic: true,
  },
  {
    key: 'TEAM_REGISTER_REBATE',
    value: '1.00,0.50,0.20',
    description:
      'Team register rebate per level 1,2,3: a fixed reward once an invitation is effective (wallet bound, then TEAM_INVITE_SIGNAL).',
    isPublic: true,
  },
  {
    key: 'TEAM_INVITE_SIGNAL',
    value: 'first_recharge',
    description:
      "When an effective invitation (the invitee bound a wallet) pays register rebates and counts for invite tasks: 'first_recharge' (also the invitee's first credited recharge) or 'wallet' (the binding alone).",
    isPublic: false,
  },
  { key: 'TEAM_REGISTER_REBATE_ASSET', value: 'CASH', description: 'Asset the register rebate is paid in.', isPublic: false },
  {
    key: 'DEMO_MODE',
    value: 'true',
    description: 'Play-money mode: the app says "demo" where money comes in (docs/decisions.md).',
    isPublic: true,
  },
];
