import { addressFromSeed, type UsdtNetwork } from '@prism/domain';
import { lastSmsCode } from '../testing';
import { type ActionContext, collectLevelTask, NO_ANSWER, payOnSandbox, untilAnswered } from './actions';
import type { VirtualUser } from './users';

/**
 * How an invitee tries to make its invitation effective (docs/money.md): only 'honest' (a fresh
 * wallet of its own, then a recharge) may count. The others bind the inviter's deposit address,
 * bind an address the inviter already bound, or bind only a bank card; they recharge too, so money
 * alone is shown not to be enough.
 */
export const INVITEE_KINDS = ['honest', 'depositAddress', 'copycat', 'cardOnly'] as const;
export type InviteeKind = (typeof INVITEE_KINDS)[number];

/** A valid address nobody holds, from the run's own stream (so runs repeat). */
function freshAddress(network: UsdtNetwork, next: (max: number) => number): string {
  return addressFromSeed(
    network,
    Uint8Array.from({ length: 32 }, () => next(256)),
  );
}

/** Registers an invitee with the inviter's code; its token, or undefined when refused or unanswered. */
async function registerInvitee(a: ActionContext, inviter: VirtualUser, serial: number): Promise<string | undefined> {
  const phone = `6${inviter.phone.slice(1, 4)}${String(serial).padStart(6, '0')}`;
  const password = 'sim-pass-1';
  // A crash can cut the send: ask again until a process answers (a send that did commit answers "wait"
  // the second time, and its code is in the outbox). No code at all: the invitee gives up, as a person would.
  const sent = await untilAnswered(() => a.target.api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' }));
  const code = await lastSmsCode(a.target.db, phone).catch(() => undefined);
  if (!code) {
    a.record({ user: inviter.index, op: 'inviteeRegister', code: sent.code });
    return undefined;
  }
  const registered = await a.target.api.post<{ token: string }>('/app/auth/register', {
    phone,
    password,
    confirmPassword: password,
    code,
    invitationCode: inviter.invitation,
  });
  a.record({ user: inviter.index, op: 'inviteeRegister', code: registered.code });
  return registered.code === 200 ? registered.result.token : undefined;
}

/** The inviter's own wallet (bound once, answered 200), which the copycat invitees reuse. */
async function inviterWallet(a: ActionContext, inviter: VirtualUser, next: (max: number) => number): Promise<string | undefined> {
  if (inviter.walletAddress) return inviter.walletAddress;
  const address = freshAddress('ERC20', next);
  const bound = await a.target.api.post('/app/user/wallet/bind', { walletType: 'ERC20', address }, { token: inviter.token });
  a.record({ user: inviter.index, op: 'bindWallet', code: bound.code });
  // A lost answer leaves it unknown whether the address is taken: the copycat then has nothing sure to copy.
  if (bound.code === 200) inviter.walletAddress = address;
  return inviter.walletAddress;
}

/** The invitee's try at a wallet (or a card); the answer's code. */
async function bindAs(
  a: ActionContext,
  inviter: VirtualUser,
  token: string,
  kind: InviteeKind,
  next: (max: number) => number,
): Promise<number> {
  const bind = async (walletType: UsdtNetwork, address: string) =>
    (await a.target.api.post('/app/user/wallet/bind', { walletType, address }, { token })).code;
  if (kind === 'honest') return bind('TRC20', freshAddress('TRC20', next));
  if (kind === 'depositAddress') {
    const wallets = await a.target.api.post<{ walletType: UsdtNetwork; address: string }[]>(
      '/app/user/recharge/getWallet',
      {},
      { token: inviter.token },
    );
    if (wallets.code !== 200) return wallets.code;
    const deposit = wallets.result.find((wallet) => wallet.address);
    if (!deposit) throw new Error('the deposit address route gave no address to copy');
    return bind(deposit.walletType, deposit.address);
  }
  if (kind === 'copycat') {
    const address = await inviterWallet(a, inviter, next);
    return address ? bind('BEP20', address) : NO_ANSWER;
  }
  const card = {
    bankName: 'Sim Bank',
    cardNumber: `4${String(next(1e9)).padStart(11, '0')}`,
    holderName: 'Sim Invitee',
    ifsc: 'SBIN0001234',
  };
  return (await a.target.api.post('/app/userBank/save', card, { token })).code;
}

/**
 * One invitee of `inviter` tries to become effective the way `kind` says, then recharges 10.00 and
 * pays; the inviter then tries to collect a level task. What was seen is kept on the inviter
 * (invariants.ts invitationsHeld): an honest invitee whose binding and payment both answered 200
 * counts, one with a lost answer may count, a fake one never does.
 */
export async function fakeInvitee(
  a: ActionContext,
  inviter: VirtualUser,
  kind: InviteeKind,
  serial: number,
  next: (max: number) => number,
): Promise<void> {
  const token = await registerInvitee(a, inviter, serial);
  if (!token) return;
  const bound = await bindAs(a, inviter, token, kind, next);
  a.record({ user: inviter.index, op: kind === 'honest' ? 'honestInvitee' : `fakeInvitee:${kind}`, code: bound });
  const amount = '1000';
  const order = await a.target.api.post<{ orderNo: string }>(
    '/app/user/cashRecharge/recharge',
    { payChannelName: 'sandbox', amount },
    { token },
  );
  const paid = order.code === 200 ? await payOnSandbox(a, order.result.orderNo, amount) : order.code;
  a.record({ user: inviter.index, op: 'inviteeRecharge', code: paid, ids: order.result?.orderNo });
  if (kind === 'honest') {
    const maybe = (code: number) => code === 200 || code === NO_ANSWER;
    if (bound === 200 && paid === 200) inviter.invitees.effective++;
    else if (maybe(bound) && maybe(paid)) inviter.invitees.uncertain++;
  }
  await collectLevelTask(a, inviter);
}
