import type { GameSession } from '@prism/domain';
import { TEST_OPS_TOKEN } from '../testing';
import {
  type ActionContext,
  adjust,
  bet,
  betPoint,
  buyPower,
  collectLevelTask,
  decide,
  exchange,
  followAdvisor,
  givePower,
  limitRush,
  type OpRecord,
  openDeposit,
  recharge,
  redeemGiftCode,
  repairFigures,
  setRushLimit,
  signIn,
  tap,
  transferOut,
  withdraw,
} from './actions';
import { runEarningDays, runTeamRebates } from './earning';
import { checkInvariants, ledgerDigest } from './invariants';
import { fakeInvitee, INVITEE_KINDS } from './invitees';
import type { SimulationTarget } from './target';
import { createVirtualUser, prng, type VirtualUser } from './users';

export interface SimulationOptions {
  ops: number;
  concurrency: number;
  seed: number;
  users: number;
}

export interface SimulationReport {
  seed: number;
  ops: number;
  rounds: number;
  users: number;
  seconds: number;
  opsPerSecond: number;
  /** How each operation ended: "bet:Red 200" -> count. */
  outcomes: Record<string, number>;
  failures: string[];
  digest: string;
  /** What the target's faults did (crashes, restarts). */
  faults: Record<string, unknown>;
  log: OpRecord[];
}

/** Every this many rounds one invitee arrives (actions of its own stream, so the users' streams are unchanged). */
const INVITE_EVERY = 3;
/** Every this many rounds two operators adjust a user's balance (by round, so the users' streams are unchanged). */
const ADJUST_EVERY = 4;

async function limited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

/**
 * Drives the real HTTP API with a seeded mix of what users do, round by
 * round: each user acts once per round (concurrently), then time moves on (see
 * target.ts). Stops at the operations budget, settles what is open, and checks
 * every invariant. A code 500 stops it at once.
 */
export async function runSimulation(target: SimulationTarget, options: SimulationOptions): Promise<SimulationReport> {
  const started = performance.now();
  const log: OpRecord[] = [];
  const failures: string[] = [];
  let round = 0;
  const record = (entry: Omit<OpRecord, 'round'>) => {
    log.push({ round, ...entry });
    if (entry.code === 500) failures.push(`round ${round}, user ${entry.user}: ${entry.op} answered 500`);
  };
  await target.prepare();
  // The operator asks a recharge to be bet 0.2 times before it can leave: withdrawals happen often, the rule still applies.
  await target.api.post(
    '/admin/wallet/config',
    { currency: 'CASH', field: 'betLimitRechargeMultiple4Withdraw', value: '0.2' },
    { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } },
  );

  // A gift code with uses for half the users: redemptions race for the last uses.
  const giftCode = await target.api.post<{ code: string }>(
    '/admin/giftCodes',
    { asset: 'CASH', amount: '5', totalUses: String(Math.max(1, Math.floor(options.users / 2))), days: '30' },
    { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } },
  );

  // POINT for every user (0.01 CHIP each), so some bets are in POINT: they must free locked CASH at their value only.
  const pointCode = await target.api.post<{ code: string }>(
    '/admin/giftCodes',
    { asset: 'POINT', amount: '1000', totalUses: String(options.users), days: '30' },
    { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } },
  );

  const users: VirtualUser[] = [];
  for (let i = 0; i < options.users; i++)
    users.push(await createVirtualUser(target, options.seed, i, (op, code) => record({ user: i, op, code })));

  // A fifth of the users set a day deposit limit before anything else; they recharge by rushing it.
  for (const user of users) if (user.index % 5 === 0) await setRushLimit(target, user);

  const retried: ActionContext['retried'] = [];
  const later: Promise<void>[] = [];
  const inviting = prng(options.seed * 104_729 + 17);
  let invitees = 0;
  target.startFaults();
  while ((log.length < options.ops || target.faultsPending?.()) && failures.length === 0) {
    round++;
    const session = (await target.api.get<GameSession>('/app/game/luckyLottery/getSession', { level: '1' })).result;
    if (!session) continue;
    const a: ActionContext = { target, round, record, retried, later };
    await limited(users, options.concurrency, async (user) => {
      const roll = user.next(100);
      if (roll < 15) await (user.dayLimitSince ? limitRush(a, user) : recharge(a, user));
      else if (roll < 30) await exchange(a, user);
      else if (roll < 70) await bet(a, user, session);
      else if (roll < 75) await betPoint(a, user, session, pointCode.result.code);
      else if (roll < 83) await withdraw(a, user);
      else if (roll < 88) await decide(a, user);
      else {
        const pick = user.next(10);
        if (pick === 0) await signIn(a, user);
        else if (pick === 1) await redeemGiftCode(a, user, giftCode.result.code);
        else if (pick === 2) await collectLevelTask(a, user);
        else if (pick === 3) await buyPower(a, user);
        // Gifts stay within pairs (0-1, 2-3, ...): the turnover invariant checks each pair together, so a gift
        // that carried a recharge out free would show in its pair, not vanish in one group of everyone.
        else if (pick === 4) await givePower(a, user, users[user.index ^ 1] ?? (users[0] as VirtualUser));
        else if (pick === 5) await followAdvisor(a, user);
        else if (pick === 6) await openDeposit(a, user);
        else if (pick === 7) await transferOut(a, user);
        else if (pick === 8) await tap(a, user);
        else await repairFigures(a, user);
      }
    });
    if (round % INVITE_EVERY === 0) {
      // Four invitees in a row (one of each kind) per inviter, among the first four users.
      const inviter = users[Math.floor(invitees / INVITEE_KINDS.length) % Math.min(4, users.length)] as VirtualUser;
      await fakeInvitee(a, inviter, INVITEE_KINDS[invitees % INVITEE_KINDS.length] ?? 'honest', invitees++, inviting);
    }
    if (round % ADJUST_EVERY === 0) {
      const adjusted = users[(round / ADJUST_EVERY) % users.length] as VirtualUser;
      await adjust(a, adjusted, round % (2 * ADJUST_EVERY) === 0 ? 'debit' : 'credit');
    }
    await target.betweenRounds();
  }
  const faults = await target.stopFaults();
  await Promise.all(later);
  // Let every open session end and settle before checking.
  await target.settle();
  const settledAt = target.now();
  // The daily job over the next days, each day once: power income, fees and maturities, advisor earnings and
  // maturities, deposit interest and term ends.
  await runEarningDays(target);
  // The team rebate job for the run's days: register rebates for the invitations that became effective.
  await runTeamRebates(target);

  failures.push(...(await checkInvariants({ db: target.db, now: settledAt, retried, users })));
  const outcomes: Record<string, number> = {};
  for (const entry of log)
    outcomes[`${entry.op.replace(/:.*/, '')} ${entry.code}`] = (outcomes[`${entry.op.replace(/:.*/, '')} ${entry.code}`] ?? 0) + 1;
  const seconds = (performance.now() - started) / 1000;
  return {
    seed: options.seed,
    ops: log.length,
    rounds: round,
    users: options.users,
    seconds: Math.round(seconds),
    opsPerSecond: Math.round(log.length / seconds),
    outcomes,
    failures,
    digest: await ledgerDigest(target.db),
    faults,
    log,
  };
}
