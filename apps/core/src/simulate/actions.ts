import { decodeResponse, type Envelope, encodeText, type GameSession } from '@prism/domain';
import { TEST_OPS_TOKEN } from '../testing';
import type { SimulationTarget } from './target';
import type { VirtualUser } from './users';

/** What happened, for the log a failure prints and for the idempotency checks. */
export interface OpRecord {
  round: number;
  user: number;
  op: string;
  /** The envelope's code; 0 when no answer came (the process died mid-request). */
  code: number;
  /** The ids an answer names (order numbers, bet or withdrawal ids), to compare retries. */
  ids?: string;
}

export interface ActionContext {
  target: SimulationTarget;
  round: number;
  record: (entry: Omit<OpRecord, 'round'>) => void;
  /** Idempotency keys whose two answers must be identical. */
  retried: { key: string; first: Envelope; second: Envelope }[];
  /** Lost answers being retried in the background; the run waits for them before its checks. */
  later: Promise<void>[];
}

/** The kinds of request that create one thing each, counted per user to prove nothing was made twice. */
export type Counted =
  | 'recharge'
  | 'exchange'
  | 'bet'
  | 'withdraw'
  | 'signIn'
  | 'giftCode'
  | 'tap'
  | 'power'
  | 'advisor'
  | 'deposit'
  | 'transferOut';

const BETS = ['Red', 'Green', 'Violet', 'Big', 'Small', '0', '3', '5', '8'];
export const NO_ANSWER = 0;
/** The server's answer to a duplicate that arrives while the first request still runs. */
const IN_PROGRESS = 423;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A request whose answer was lost is sent again with the same Idempotency-Key
 * until it gets one, as a careful client would: the answer is then the first
 * request's (if it had committed) or a fresh run (if it had not), never both.
 */
export async function untilAnswered<T>(send: () => Promise<Envelope<T>>): Promise<Envelope<T>> {
  let answer = await send();
  for (let attempt = 0; attempt < 120 && (answer.code === NO_ANSWER || answer.code === IN_PROGRESS); attempt++) {
    await pause(500);
    answer = await send();
  }
  return answer;
}

/**
 * Sends the request, as the user's stream decides: without an Idempotency-Key
 * (a lost answer then stays unknown), with one, or twice with the same one.
 */
async function keyed<T>(
  a: ActionContext,
  user: VirtualUser,
  name: Counted,
  send: (headers: Record<string, string>) => Promise<Envelope<T>>,
): Promise<Envelope<T>> {
  const key = `sim-${user.index}-${a.round}-${name}`;
  const once = () => send({ 'Idempotency-Key': key });
  const roll = user.next(100);
  let answer: Envelope<T>;
  if (roll >= 60) {
    answer = await send({});
    count(user, name, answer.code);
    return answer;
  }
  if (roll >= 20) {
    answer = await once();
  } else {
    const together = user.next(2) === 0;
    const [first, second] = together ? await Promise.all([once(), once()]) : [await once(), await once()];
    // A duplicate told "in progress" (423) or one that got no answer has nothing to compare.
    const comparable = (e: Envelope<T>) => e.code !== IN_PROGRESS && e.code !== NO_ANSWER;
    if (comparable(first) && comparable(second)) a.retried.push({ key, first, second });
    answer = comparable(first) ? first : second;
  }
  if (answer.code === NO_ANSWER || answer.code === IN_PROGRESS) {
    // Retried in the background, as a client would after reconnecting; the user goes on meanwhile.
    a.later.push(
      untilAnswered(once).then((final) => {
        count(user, name, final.code);
        a.record({ user: user.index, op: `${name}-retry`, code: final.code });
      }),
    );
    return answer;
  }
  count(user, name, answer.code);
  return answer;
}

function count(user: VirtualUser, name: Counted, code: number): void {
  if (code === 200) user.confirmed[name]++;
  else if (code === NO_ANSWER || code === IN_PROGRESS) user.unknown[name]++;
}

export async function recharge(a: ActionContext, user: VirtualUser): Promise<void> {
  const amount = String(1000 * (1 + user.next(5)));
  const order = await keyed<{ orderNo: string }>(a, user, 'recharge', (headers) =>
    a.target.api.post('/app/user/cashRecharge/recharge', { payChannelName: 'sandbox', amount }, { token: user.token, headers }),
  );
  a.record({ user: user.index, op: 'recharge', code: order.code, ids: order.result?.orderNo });
  if (order.code !== 200) return;
  const paid = await payOnSandbox(a, order.result.orderNo, amount);
  a.record({ user: user.index, op: 'pay', code: paid, ids: order.result.orderNo });
}

/** Pays an order on the sandbox page as the person would (it calls back into core over HTTP); 200 when paid. */
export function payOnSandbox(a: ActionContext, orderNo: string, amount: string): Promise<number> {
  return a.target.api
    .fetch(`/pay/sandbox/${orderNo}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount, action: 'pay' }),
      redirect: 'manual',
    })
    .then((response) => (response.status === 303 ? 200 : response.status))
    .catch(() => NO_ANSWER);
}

/** The day limit a rushing user sets (CASH, minor units): set once and never raised, so the invariant has one number. */
export const RUSH_DAY_LIMIT = 300_000n;
const RUSH_ORDERS = 12;

/**
 * A user with a day deposit limit fires many recharge orders at once, then pays every accepted one
 * at once (each payment a gateway callback): the limit must hold when ordering (the orders queue on
 * the user's protection row) and when crediting. invariants.ts: credited per day <= the limit.
 */
export async function limitRush(a: ActionContext, user: VirtualUser): Promise<void> {
  const orders = await Promise.all(
    Array.from({ length: RUSH_ORDERS }, () =>
      a.target.api.post<{ orderNo: string }>(
        '/app/user/cashRecharge/recharge',
        { payChannelName: 'sandbox', amount: '1000' },
        { token: user.token },
      ),
    ),
  );
  for (const order of orders) {
    count(user, 'recharge', order.code);
    a.record({ user: user.index, op: 'limitRush:order', code: order.code, ids: order.result?.orderNo });
  }
  const accepted = orders.filter((order) => order.code === 200).map((order) => order.result.orderNo);
  await Promise.all(
    accepted.map(async (orderNo) => {
      const paid = await payOnSandbox(a, orderNo, '1000');
      a.record({ user: user.index, op: 'limitRush:pay', code: paid, ids: orderNo });
    }),
  );
}

/** Sets the rush's day limit before the user's first recharge: every credit of theirs is bound by it. */
export async function setRushLimit(target: SimulationTarget, user: VirtualUser): Promise<void> {
  const set = await target.api.post('/app/protection/limits', { day: String(RUSH_DAY_LIMIT / 100n) }, { token: user.token });
  if (set.code !== 200) throw new Error(`setting the rush's day limit: ${set.message}`);
  user.dayLimitSince = target.now();
}

/** Mostly CASH to CHIP to play; sometimes back, or on to USDT (the path that must keep the turnover lock). */
const EXCHANGES = [
  ['CASH', 'CHIP'],
  ['CASH', 'CHIP'],
  ['CHIP', 'CASH'],
  ['CHIP', 'USDT'],
] as const;

export async function exchange(a: ActionContext, user: VirtualUser): Promise<void> {
  const amount = String(100 * (1 + user.next(20)));
  const [fromCoin, toCoin] = EXCHANGES[user.next(EXCHANGES.length)] ?? EXCHANGES[0];
  const answer = await keyed(a, user, 'exchange', (headers) =>
    a.target.api.post('/app/user/account/exchange', { fromCoin, toCoin, amount }, { token: user.token, headers }),
  );
  a.record({ user: user.index, op: 'exchange', code: answer.code });
}

/** The daily sign-in: once a day pays, any further try is refused (12001) and moves nothing. */
export async function signIn(a: ActionContext, user: VirtualUser): Promise<void> {
  const answer = await keyed<{ reward: string }>(a, user, 'signIn', (headers) =>
    a.target.api.post('/app/signIn/signIn', {}, { token: user.token, headers }),
  );
  a.record({ user: user.index, op: 'signIn', code: answer.code, ids: answer.result?.reward });
}

/** Redeems the run's gift code: it has uses for half the users, each may redeem it once. */
export async function redeemGiftCode(a: ActionContext, user: VirtualUser, code: string): Promise<void> {
  const answer = await keyed<{ id: number }>(a, user, 'giftCode', (headers) =>
    a.target.api.post('/app/giftCode/redeem', { code }, { token: user.token, headers }),
  );
  a.record({ user: user.index, op: 'giftCode', code: answer.code, ids: answer.result ? String(answer.result.id) : undefined });
}

/**
 * A batch of taps (always encrypted), sometimes sent twice with the same batch
 * id as a client would after a lost answer: the second must earn nothing.
 */
export async function tap(a: ActionContext, user: VirtualUser): Promise<void> {
  const batchId = `sim-${user.index}-${a.round}-tap`;
  const count = 1 + user.next(200);
  const send = async (): Promise<Envelope<{ accepted: number; replayed: boolean }>> => {
    try {
      const response = await a.target.api.fetch('/app/taping/tapingV2', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: user.token, 'X-Access-Token': user.token },
        body: new URLSearchParams({ data: encodeText(`count=${count}&batchId=${batchId}`) }),
      });
      return JSON.parse(decodeResponse(await response.text()));
    } catch {
      return { code: NO_ANSWER, message: '', result: { accepted: 0, replayed: false }, timestamp: 0 };
    }
  };
  const first = await send();
  const again = user.next(4) === 0 ? await send() : undefined;
  const answered = [first, again].filter((e) => e && e.code === 200) as Envelope<{ accepted: number; replayed: boolean }>[];
  if (answered.some((e) => !e.result.replayed)) user.confirmed.tap++;
  else if (first.code === NO_ANSWER || again?.code === NO_ANSWER) user.unknown.tap++;
  a.record({ user: user.index, op: 'tap', code: first.code, ids: first.result ? String(first.result.accepted) : undefined });
}

/** Collects the first upgrade task whose reward waits (if any); a second collect of it is refused (12008) and moves nothing. */
export async function collectLevelTask(a: ActionContext, user: VirtualUser): Promise<void> {
  const levels = await a.target.api.get<{ levels: { tasks: { id: number; state: string }[] }[] }>(
    '/app/level/list',
    {},
    { token: user.token },
  );
  const task = levels.result?.levels.flatMap((level) => level.tasks).find((t) => t.state === 'collect');
  if (!task) return;
  const answer = await a.target.api.post<{ taskId: number }>('/app/level/collect', { taskId: String(task.id) }, { token: user.token });
  a.record({ user: user.index, op: 'levelTask', code: answer.code, ids: String(task.id) });
}

export async function bet(a: ActionContext, user: VirtualUser, session: GameSession): Promise<void> {
  const base = ['1', '10', '100'][user.next(3)] as string;
  await placeBet(a, user, session, { base, op: 'bet' });
}

/**
 * A bet in POINT (0.01 CHIP each), after redeeming the run's POINT code once: the stake must free
 * locked CASH only at its value (the turnover invariant values it at the platform's rates).
 */
export async function betPoint(a: ActionContext, user: VirtualUser, session: GameSession, pointCode: string): Promise<void> {
  if (!user.pointRedeemed) {
    const redeemed = await a.target.api.post('/app/giftCode/redeem', { code: pointCode }, { token: user.token });
    a.record({ user: user.index, op: 'pointCode', code: redeemed.code });
    count(user, 'giftCode', redeemed.code);
    // Answered (redeemed, or refused): asked once. A lost answer asks again next time.
    user.pointRedeemed = redeemed.code !== NO_ANSWER;
  }
  await placeBet(a, user, session, { base: '100', op: 'betPoint', coin: 'POINT' });
}

/** One bet of `base` times a drawn multiple on a drawn bet name; `coin` absent is the room's default. */
async function placeBet(
  a: ActionContext,
  user: VirtualUser,
  session: GameSession,
  { base, op, coin }: { base: string; op: string; coin?: string },
): Promise<void> {
  const multiples = ['1', '5', '10'][user.next(3)] as string;
  const betName = BETS[user.next(BETS.length)] as string;
  const answer = await keyed<{ id: number }>(a, user, 'bet', (headers) =>
    a.target.api.post(
      '/app/game/luckyLottery/betting',
      {
        gameSessionId: String(session.id),
        betName,
        baseAmount: base,
        betMultiples: multiples,
        totalBetAmount: (Number(base) * Number(multiples)).toFixed(2),
        ...(coin ? { coin } : {}),
      },
      { token: user.token, headers },
    ),
  );
  a.record({ user: user.index, op: `${op}:${betName}`, code: answer.code, ids: answer.result ? String(answer.result.id) : undefined });
}

export async function withdraw(a: ActionContext, user: VirtualUser): Promise<void> {
  if (a.round - user.lastCodeRound < 7) return;
  user.lastCodeRound = a.round;
  const sent = await a.target.api.post('/app/user/withdraw/sendCode', {}, { token: user.token });
  a.record({ user: user.index, op: 'withdrawCode', code: sent.code });
  if (sent.code !== 200) return;
  const code = await a.target.withdrawCode(user.userId, user.telegramId);
  const amount = String(200 + 100 * user.next(20));
  const answer = await keyed<{ id: number; status: string }>(a, user, 'withdraw', (headers) =>
    a.target.api.post(
      '/app/user/cashWithdrawal/apply',
      { amount, bankCardId: String(user.cardId), assetPassword: '246810', code },
      { token: user.token, headers },
    ),
  );
  a.record({ user: user.index, op: 'withdraw', code: answer.code, ids: answer.result ? String(answer.result.id) : undefined });
  if (answer.code === 200 && answer.result.status === 'pending_review') user.pendingWithdrawals.push(answer.result.id);
}

/** The operator decides one of this user's pending withdrawals (driven by the user's stream, so runs repeat). */
export async function decide(a: ActionContext, user: VirtualUser): Promise<void> {
  const id = user.pendingWithdrawals.shift();
  if (id === undefined) return;
  const approve = user.next(3) > 0;
  const answer = await a.target.api.post(
    approve ? `/admin/withdrawals/${id}/approve` : `/admin/withdrawals/${id}/reject`,
    approve ? {} : { reason: 'simulation' },
    { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } },
  );
  a.record({ user: user.index, op: approve ? 'approve' : 'reject', code: answer.code, ids: String(id) });
  // Lost answer: the decision may or may not have happened; decide again later (deciding twice is refused, not applied).
  if (answer.code === NO_ANSWER) user.pendingWithdrawals.push(id);
}

/**
 * Four eyes: one finance operator asks to credit or debit this user's CASH, a second approves it,
 * both over HTTP with their own API tokens. A debit beyond the balance is refused and changes nothing.
 */
export async function adjust(a: ActionContext, user: VirtualUser, direction: 'credit' | 'debit'): Promise<void> {
  const { target } = a;
  const requester = { headers: { Authorization: target.operators.requester } };
  const form = {
    userId: String(user.userId),
    coin: 'CASH',
    direction,
    amount: direction === 'credit' ? '3.25' : '1.50',
    reason: 'simulation',
  };
  const asked = await target.api.post<{ id: number }>('/admin/adjustments', form, requester);
  a.record({ user: user.index, op: 'adjustRequest', code: asked.code, ids: asked.result ? String(asked.result.id) : undefined });
  if (!asked.result) return;
  const { id } = asked.result;
  const approver = { headers: { Authorization: target.operators.approver } };
  const { code } = await target.api.post(`/admin/adjustments/${id}/approve`, {}, approver);
  a.record({ user: user.index, op: `adjustApprove:${direction}`, code, ids: String(id) });
}

/** The operator rewrites this user's bet figures from their bets while everyone bets (the invariants then compare them). */
export async function repairFigures(a: ActionContext, user: VirtualUser): Promise<void> {
  const answer = await a.target.api.post(
    '/admin/game/figures/repair',
    { userId: String(user.userId) },
    { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } },
  );
  a.record({ user: user.index, op: 'repairFigures', code: answer.code });
}

/** Buys a seeded power package (the daily limit and the balance refuse some, changing nothing). */
export async function buyPower(a: ActionContext, user: VirtualUser): Promise<void> {
  const sessionId = String(1 + user.next(2));
  const answer = await keyed<{ holding: { id: number } }>(a, user, 'power', (headers) =>
    a.target.api.post('/app/userPower/buyPower', { sessionId }, { token: user.token, headers }),
  );
  a.record({ user: user.index, op: 'buyPower', code: answer.code, ids: answer.result ? String(answer.result.holding.id) : undefined });
}

/**
 * Gives the cheapest package to another simulated user, by phone or by invitation code in lower
 * case. Gifts of recharged money that was never bet must arrive locked at maturity (the daily job
 * after the run): the turnover invariant checks giver and receiver together.
 */
export async function givePower(a: ActionContext, user: VirtualUser, to: VirtualUser): Promise<void> {
  const account = user.next(2) === 0 ? to.phone : to.invitation.toLowerCase();
  const answer = await keyed<{ holding: { id: number } }>(a, user, 'power', (headers) =>
    a.target.api.post('/app/userPower/givePower', { sessionId: '1', account }, { token: user.token, headers }),
  );
  a.record({ user: user.index, op: 'givePower', code: answer.code, ids: answer.result ? String(answer.result.holding.id) : undefined });
}

/** Follows the cheapest advisor product at its price (refused without the money: nothing moves). */
export async function followAdvisor(a: ActionContext, user: VirtualUser): Promise<void> {
  const products = await a.target.api.get<{ id: number; price: string }[]>('/app/followInvest/productList', {}, { token: user.token });
  const product = products.result?.[0];
  if (!product) return;
  const answer = await keyed<{ id: number }>(a, user, 'advisor', (headers) =>
    a.target.api.post('/app/followInvest/buy', { productId: String(product.id), amount: product.price }, { token: user.token, headers }),
  );
  a.record({ user: user.index, op: 'advisor', code: answer.code, ids: answer.result ? String(answer.result.id) : undefined });
}

/** Opens a fixed deposit of 10..100 on the first term. */
export async function openDeposit(a: ActionContext, user: VirtualUser): Promise<void> {
  const config = await a.target.api.get<{ products: { id: number }[] }>('/app/fixedDeposit/config/get', {}, { token: user.token });
  const product = config.result?.products[0];
  if (!product) return;
  const amount = String(10 * (1 + user.next(10)));
  const answer = await keyed<{ id: number }>(a, user, 'deposit', (headers) =>
    a.target.api.post('/app/fixedDeposit/deposit', { productId: String(product.id), amount }, { token: user.token, headers }),
  );
  a.record({ user: user.index, op: 'deposit', code: answer.code, ids: answer.result ? String(answer.result.id) : undefined });
}

/** Transfers part (or, sometimes, more than is held: refused) out of the user's newest deposit still held. */
export async function transferOut(a: ActionContext, user: VirtualUser): Promise<void> {
  const list = await a.target.api.get<{ content: { id: number; status: string }[] }>('/app/fixedDeposit/list', {}, { token: user.token });
  const held = list.result?.content.find((deposit) => deposit.status === 'holding');
  if (!held) return;
  const amount = String(5 * (1 + user.next(5)));
  const answer = await keyed(a, user, 'transferOut', (headers) =>
    a.target.api.post('/app/fixedDeposit/transferOut', { id: String(held.id), amount }, { token: user.token, headers }),
  );
  a.record({ user: user.index, op: 'transferOut', code: answer.code, ids: String(held.id) });
}
