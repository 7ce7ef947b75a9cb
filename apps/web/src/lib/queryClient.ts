import { isApiError } from '@prism/client';
import { QueryClient } from '@tanstack/react-query';
import { type EarlyKey, settledEarly } from './early';

/** Query keys shared across features; logout removes everything under ['user']. */
export const queryKeys = {
  user: ['user'] as const,
  protection: ['user', 'protection'] as const,
  realityCheck: ['user', 'realityCheck'] as const,
  userInfo: ['user', 'info'] as const,
  teamInfo: ['user', 'team'] as const,
  teamMembers: (level: number) => ['user', 'team', 'members', level] as const,
  /** Public recharge/withdraw rules of one currency (getConfig). */
  walletConfig: (currency: string) => ['walletConfig', currency] as const,
  payChannels: ['payChannels'] as const,
  /** The game's public data: rooms, the open session, past results, proofs (no login needed). */
  gameLevels: ['game', 'levels'] as const,
  gameSession: (level: number) => ['game', 'session', level] as const,
  gameResults: (level: number) => ['game', 'results', level] as const,
  gameProof: (periodId: string) => ['game', 'proof', periodId] as const,
  gameVoids: ['game', 'voids'] as const,
  gameTrend: (level: number) => ['game', 'trend', level] as const,
  /** An introduction page in one language (public). */
  content: (type: string, locale: string) => ['content', type, locale] as const,
  // Everything below belongs to the logged-in user, so it lives under ['user'] and goes with a logout.
  rechargeAmounts: ['user', 'rechargeAmounts'] as const,
  rechargeAddress: (network: string) => ['user', 'rechargeAddress', network] as const,
  rechargeTasks: ['user', 'rechargeTasks'] as const,
  withdrawals: ['user', 'withdrawals'] as const,
  bankCards: ['user', 'bankCards'] as const,
  wallets: ['user', 'wallets'] as const,
  assetRecords: ['user', 'assetRecords'] as const,
  exchangeRates: ['user', 'exchangeRates'] as const,
  messages: ['user', 'messages'] as const,
  checkInStatus: ['user', 'checkIn'] as const,
  giftCodeRecords: ['user', 'giftCodeRecords'] as const,
  tapState: ['user', 'tap'] as const,
  /** Power packages with today's purchase counts, the user's power, and power records (task platform). */
  powerCategories: ['user', 'powerSessions'] as const,
  userPower: ['user', 'power'] as const,
  powerRecords: ['user', 'powerRecords'] as const,
  levels: ['user', 'levels'] as const,
  advisorProducts: ['user', 'advisorProducts'] as const,
  advisorOrders: ['user', 'advisorOrders'] as const,
  depositConfig: ['user', 'depositConfig'] as const,
  deposits: ['user', 'deposits'] as const,
  message: (id: number) => ['user', 'messages', 'detail', id] as const,
  /** The user's bets in one room. */
  gameRecords: (level: number) => ['user', 'gameRecords', level] as const,
};

/** Business errors (wrong input, not logged in) are final; only transport failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.kind === 'business') return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** The home page's early answers (lib/early.ts) that arrived before this module loaded: in the cache before the first render. */
const earlyQueryKeys: Record<EarlyKey, readonly unknown[]> = { userInfo: queryKeys.userInfo, checkInStatus: queryKeys.checkInStatus };
for (const { key, data, at } of settledEarly()) queryClient.setQueryData(earlyQueryKeys[key], data, { updatedAt: at });
