import { sign } from '@telegram-apps/init-data-node';
import { lastSmsCode, TEST_BOT_TOKEN } from '../testing';
import type { Counted } from './actions';
import type { SimulationTarget } from './target';

/** One simulated person: their own random stream decides what they do, so runs repeat exactly. */
export interface VirtualUser {
  index: number;
  phone: string;
  /** The invitation code (gifts name the receiver by it, or by phone). */
  invitation: string;
  password: string;
  token: string;
  userId: number;
  telegramId: number;
  cardId: number;
  next: (max: number) => number;
  /** Round of the last withdrawal code (codes can be asked for once a minute). */
  lastCodeRound: number;
  pendingWithdrawals: number[];
  /** Whether the run's POINT gift code was asked for (POINT bets need it). */
  pointRedeemed: boolean;
  /** When this user's day deposit limit (actions.ts limitRush) took effect; undefined while none. */
  dayLimitSince?: Date;
  /** Requests answered 200, and requests whose answer never came: what the database may hold. */
  confirmed: Record<Counted, number>;
  unknown: Record<Counted, number>;
  /**
   * What the fake-invitee operation saw of this user's invitees (actions.ts fakeInvitee): how many
   * bound a fresh wallet of their own and recharged (both answered 200), and how many may have
   * (an answer was lost). invariants.ts compares register rebates and invite tasks with these.
   */
  invitees: { effective: number; uncertain: number };
  /** The address this user bound as its own wallet (the copycat invitees reuse it). */
  walletAddress?: string;
}

const noneCounted = (): Record<Counted, number> => ({
  recharge: 0,
  exchange: 0,
  bet: 0,
  withdraw: 0,
  signIn: 0,
  giftCode: 0,
  tap: 0,
  power: 0,
  advisor: 0,
  deposit: 0,
  transferOut: 0,
});

/** A small deterministic generator per user (mulberry32). */
export function prng(seed: number): (max: number) => number {
  let state = seed >>> 0;
  return (max: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % 4_294_967_296) % max;
  };
}

/** Registers, links Telegram (by logging in with signed launch data), sets the payment password, binds a card. */
export async function createVirtualUser(
  target: SimulationTarget,
  seed: number,
  index: number,
  record: (op: string, code: number) => void,
): Promise<VirtualUser> {
  const phone = `7${String(seed % 1000).padStart(3, '0')}${String(index).padStart(6, '0')}`;
  const password = 'sim-pass-1';
  const api = target.api;
  record('sms', (await api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' })).code);
  const registered = await api.post<{ token: string }>('/app/auth/register', {
    phone,
    password,
    confirmPassword: password,
    code: await lastSmsCode(target.db, phone),
  });
  record('register', registered.code);
  const telegramId = 1_000_000 + seed * 10_000 + index;
  const initData = sign({ user: { id: telegramId, first_name: 'Sim', username: `sim${telegramId}` } }, TEST_BOT_TOKEN, target.now());
  const login = await api.post<{ token: string }>(
    '/app/auth/login',
    { phone, password },
    { headers: { Authorization: `tma ${initData}` } },
  );
  record('login+link', login.code);
  const token = login.result.token;
  record('sms', (await api.post('/app/sms/sendUserCode', { type: 'resetAssetPwd' }, { token })).code);
  record(
    'assetPassword',
    (
      await api.post(
        '/app/user/resetAssetPwd',
        { password: '246810', confirmPassword: '246810', code: await lastSmsCode(target.db, phone) },
        { token },
      )
    ).code,
  );
  const card = await api.post<{ id: number }>(
    '/app/userBank/save',
    { bankName: 'Sim Bank', cardNumber: `5${String(index).padStart(11, '0')}`, holderName: `Sim ${index}`, ifsc: 'SBIN0001234' },
    { token },
  );
  record('bankCard', card.code);
  const info = await api.get<{ id: number; invitation: string }>('/app/user/getUserInfo', {}, { token });
  return {
    index,
    phone,
    invitation: info.result.invitation,
    password,
    token,
    userId: info.result.id,
    telegramId,
    cardId: card.result.id,
    next: prng(seed * 7919 + index),
    lastCodeRound: -10,
    pendingWithdrawals: [],
    pointRedeemed: false,
    confirmed: noneCounted(),
    unknown: noneCounted(),
    invitees: { effective: 0, uncertain: 0 },
  };
}
