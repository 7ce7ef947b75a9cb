import { DEFAULT_REBATE_RATES, type GameOdds, type GameResult, settleBet, verifySessionProof } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/client';
import { checkLedgerAndBets } from '../ledgerCheck';
import { checkAdjustments } from '../modules/adjustment';
import { checkFixedDeposits } from '../modules/fixedDeposit/check';
import { checkFollowInvestOrders } from '../modules/followInvest/check';
import { checkBetFigures } from '../modules/game/figures';
import { sessionProof } from '../modules/game/history';
import { betStatusSql } from '../modules/game/outcome';
import { loadRoom } from '../modules/game/rooms';
import { systemBalance } from '../modules/ledger/ledger';
import { checkPower } from '../modules/power/check';
import { checkRebates } from '../modules/team/check';
import { type ActionContext, type Counted, RUSH_DAY_LIMIT } from './actions';
import type { VirtualUser } from './users';
import { withdrawnWithinTurnover } from './withdrawable';

export interface InvariantInput {
  db: Database;
  /** The time the checks run at: every session that ended before it must be settled. */
  now: Date;
  retried: ActionContext['retried'];
  users: VirtualUser[];
}

/** Every invariant of docs/assurance.md, "Money invariants under load"; returns what failed (empty when all hold). */
export async function checkInvariants({ db, now, retried, users }: InvariantInput): Promise<string[]> {
  const failures: string[] = [];

  const ledger = await checkLedgerAndBets(db);
  if (!ledger.ok)
    failures.push(
      `ledger: sums ${JSON.stringify(ledger.sums)}, ${ledger.mismatches.length} mismatches, ${ledger.negativeUsers.length} negative users, ${ledger.pendingBets.length} bets pending in finished sessions`,
    );

  // Every bet priced exactly as the domain rules price it for its session's published result.
  const bets = await queryRows<{
    id: number;
    bet_name: string;
    total: string;
    payout: string;
    status: string;
    result: number | null;
    session_status: string;
    odds: GameOdds;
  }>(
    db,
    sql`select b.id, b.bet_name, b.total::text, b.payout::text, ${betStatusSql('b', 's')} as status, s.result, s.status as session_status, l.odds
        from game_bets b join game_sessions s on s.id = b.session_id join game_levels l on l.level = b.level`,
  );
  for (const b of bets) {
    if (b.session_status === 'settled') {
      const expected = settleBet(b.bet_name as never, BigInt(b.total), b.result as GameResult, b.odds);
      if (b.status !== expected.status || BigInt(b.payout) !== expected.payout)
        failures.push(`bet ${b.id}: ${b.status} ${b.payout}, rules give ${expected.status} ${expected.payout}`);
    } else if (b.session_status === 'void') {
      if (b.status !== 'DRAW' || b.payout !== b.total) failures.push(`bet ${b.id} of a void session: ${b.status} ${b.payout}`);
    } else if (b.status !== 'PENDING') failures.push(`bet ${b.id} of an unsettled session is ${b.status}`);
  }

  // getUserInfo's figures: the rows place_bet and settlement keep per user and quarter hour, and
  // the running totals, equal the sums over the bets themselves (game/figures.ts).
  for (const f of await checkBetFigures(db)) failures.push(`bet figures of user ${f.userId}: ${JSON.stringify(f)}`);

  // Paid exactly once: per session, user and coin the ledger paid what the bets won.
  const unpaid = await queryRows<{ period_id: string; user_id: number; won: string; paid: string }>(
    db,
    sql`with won as (
          select 'session:' || s.period_id as reference, s.period_id, b.user_id, b.coin, sum(b.payout) as amount
          from game_bets b join game_sessions s on s.id = b.session_id where b.status = 'WIN' group by s.period_id, b.user_id, b.coin
        ), paid as (
          select t.reference, a.user_id, t.asset as coin, sum(t.amount) as amount
          from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id where t.type = 'payout' group by t.reference, a.user_id, t.asset
        )
        select coalesce(won.period_id, paid.reference) as period_id, coalesce(won.user_id, paid.user_id) as user_id,
               coalesce(won.amount, 0)::text as won, coalesce(paid.amount, 0)::text as paid
        from won full outer join paid on paid.reference = won.reference and paid.user_id = won.user_id and paid.coin = won.coin
        where coalesce(won.amount, 0) <> coalesce(paid.amount, 0)`,
  );
  for (const u of unpaid) failures.push(`session ${u.period_id}, user ${u.user_id}: won ${u.won}, paid ${u.paid}`);

  // Rebates: each day and kind paid once, exactly as its rebate_periods row records.
  failures.push(...(await checkRebates(db)));
  failures.push(...(await checkPower(db)));
  failures.push(...(await checkAdjustments(db)));

  // Every drawn session's result verifies from its published data.
  const sessions = await queryRows<{ period_id: string; level: number }>(
    db,
    sql`select period_id, level from game_sessions where status = 'settled'`,
  );
  for (const s of sessions) {
    const level = await loadRoom(db, s.level);
    const failed = verifySessionProof(await sessionProof(db, s.period_id), { timing: level }).filter((c) => !c.ok);
    if (failed.length > 0) failures.push(`session ${s.period_id} does not verify: ${failed.map((c) => c.name).join('; ')}`);
  }

  // No session skipped: everything that ended was drawn and settled (or voided and refunded).
  const unsettled = await queryRows<{ period_id: string; status: string }>(
    db,
    sql`select period_id, status from game_sessions where end_at < ${now.toISOString()}::timestamptz and status not in ('settled', 'void')`,
  );
  for (const s of unsettled) failures.push(`session ${s.period_id} ended but is ${s.status}`);

  failures.push(...(await madeOnce(db, users)), ...(await invitationsHeld(db, users)));
  failures.push(...(await checkFollowInvestOrders(db)), ...(await checkFixedDeposits(db)));
  // The turnover rule holds whatever path the money took (recharges, exchanges, bets, withdrawals).
  failures.push(
    ...(await withdrawnWithinTurnover(
      db,
      users.map((user) => user.userId),
    )),
  );

  // Every sign-in paid its reward exactly once, to its user, from the rewards account.
  const signInsMispaid = await queryRows<{ id: number; reward: string; paid: string; n: number }>(
    db,
    sql`select s.id, s.reward::text, coalesce(sum(t.amount), 0)::text as paid, count(t.id)::int as n
        from sign_ins s
        left join ledger_transfers t on t.reference = 'sign_in:' || s.id and t.type = 'reward'
        left join ledger_accounts a on a.id = t.to_account_id and a.user_id = s.user_id
        group by s.id, s.reward
        having coalesce(sum(t.amount), 0) <> s.reward or count(t.id) <> (case when s.reward > 0 then 1 else 0 end)
          or count(t.id) <> count(a.id)`,
  );
  for (const s of signInsMispaid) failures.push(`sign-in ${s.id}: reward ${s.reward}, paid ${s.paid} in ${s.n} transfers`);

  // Gift codes: uses counted are the redemptions held, never past the total; each redemption paid once, to its user.
  const codesMiscounted = await queryRows<{ code: string; used: number; total: number; held: number }>(
    db,
    sql`select c.code, c.used_count as used, c.total_uses as total, count(r.id)::int as held
        from gift_codes c left join gift_code_redemptions r on r.code_id = c.id
        group by c.id having c.used_count <> count(r.id) or c.used_count > c.total_uses`,
  );
  for (const c of codesMiscounted) failures.push(`gift code ${c.code}: used ${c.used} of ${c.total}, ${c.held} redemptions`);
  const redemptionsMispaid = await queryRows<{ id: number; paid: string }>(
    db,
    sql`select r.id, coalesce(sum(t.amount), 0)::text as paid
        from gift_code_redemptions r
        left join ledger_transfers t on t.reference = 'gift_code:' || r.id and t.type = 'reward'
        left join ledger_accounts a on a.id = t.to_account_id and a.user_id = r.user_id
        group by r.id, r.amount having coalesce(sum(t.amount), 0) <> r.amount or count(t.id) <> 1 or count(a.id) <> 1`,
  );
  for (const r of redemptionsMispaid) failures.push(`gift code redemption ${r.id}: paid ${r.paid}`);

  // Taps: each batch paid what it earned, once; no day past the cap.
  const tapsMispaid = await queryRows<{ user_id: number; batch_id: string; earned: string; paid: string }>(
    db,
    sql`select b.user_id, b.batch_id, b.earned::text, coalesce(sum(t.amount), 0)::text as paid
        from tap_batches b
        left join ledger_transfers t on t.reference = 'tap:' || b.user_id || ':' || b.batch_id and t.type = 'reward'
        group by b.user_id, b.batch_id, b.earned having coalesce(sum(t.amount), 0) <> b.earned or count(t.id) > 1`,
  );
  for (const t of tapsMispaid) failures.push(`tap batch ${t.batch_id} of user ${t.user_id}: earned ${t.earned}, paid ${t.paid}`);
  const overCap = await queryRows<{ user_id: number; tapped_today: number }>(
    db,
    sql`select s.user_id, s.tapped_today from tap_states s
        where s.tapped_today > coalesce((select value::int from sys_config where key = 'TAP_DAILY_CAP'), 2000)`,
  );
  for (const o of overCap) failures.push(`user ${o.user_id} tapped ${o.tapped_today} times in a day`);

  // Level tasks: each collected task paid its reward once, to its user; no level reward without a collected task.
  const tasksMispaid = await queryRows<{ id: number; paid: string; n: number }>(
    db,
    sql`select c.id, coalesce(sum(t.amount), 0)::text as paid, count(t.id)::int as n
        from level_task_claims c
        left join ledger_transfers t on t.reference = 'level_task:' || c.id and t.type = 'reward'
        left join ledger_accounts a on a.id = t.to_account_id and a.user_id = c.user_id
        group by c.id, c.reward
        having coalesce(sum(t.amount), 0) <> c.reward or count(t.id) <> (case when c.reward > 0 then 1 else 0 end)
          or count(t.id) <> count(a.id)`,
  );
  for (const c of tasksMispaid) failures.push(`level task claim ${c.id}: paid ${c.paid} in ${c.n} transfers`);
  const [orphans] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ledger_transfers t
        where t.reference like 'level_task:%' and not exists (select 1 from level_task_claims c where 'level_task:' || c.id = t.reference)`,
  );
  if ((orphans?.n ?? 0) > 0) failures.push(`${orphans?.n} level task rewards without a collected task`);

  // Retried requests: the same answer twice (so the money moved once).
  for (const r of retried) {
    // Canonical JSON (sorted keys): a replayed answer comes back from jsonb, which orders keys its own way.
    const strip = (e: { code: number; message: string; result: unknown }) =>
      canonical({ code: e.code, message: e.message, result: e.result });
    if (strip(r.first) !== strip(r.second))
      failures.push(`retry ${r.key}: ${strip(r.first).slice(0, 120)} then ${strip(r.second).slice(0, 120)}`);
  }

  // Money in flight is exactly what pending withdrawals hold.
  const [pending] = await queryRows<{ total: string | null }>(
    db,
    sql`select sum(amount)::text as total from withdrawals where status = 'pending_review' and currency = 'CASH'`,
  );
  const inFlight = await systemBalance(db, 'withdrawals_in_flight', 'CASH');
  if (inFlight !== BigInt(pending?.total ?? '0'))
    failures.push(`withdrawals in flight ${inFlight} but pending withdrawals total ${pending?.total ?? 0}`);
  return failures;
}

/**
 * Nothing made twice, nothing made from nothing: per user, the database holds at
 * least every request answered 200 and at most those plus the ones whose answer
 * was lost (a crash may come after the commit or before it).
 */
async function madeOnce(db: Database, users: VirtualUser[]): Promise<string[]> {
  const rows = await queryRows<{ user_id: number; kind: Counted; n: number }>(
    db,
    sql`select user_id, 'recharge' as kind, count(*)::int as n from recharge_orders group by user_id
        union all select user_id, 'withdraw', count(*)::int from withdrawals group by user_id
        union all select user_id, 'bet', count(*)::int from game_bets group by user_id
        union all select user_id, 'signIn', count(*)::int from sign_ins group by user_id
        union all select user_id, 'giftCode', count(*)::int from gift_code_redemptions group by user_id
        union all select user_id, 'tap', count(*)::int from tap_batches group by user_id
        union all select coalesce(giver_id, user_id), 'power', count(*)::int from power_holdings group by 1
        union all select user_id, 'advisor', count(*)::int from advisor_orders group by user_id
        union all select user_id, 'deposit', count(*)::int from fixed_deposits group by user_id
        union all select user_id, 'transferOut', count(*)::int from fixed_deposit_transfers group by user_id
        union all select a.user_id, 'exchange', count(distinct t.reference)::int
          from ledger_transfers t join ledger_accounts a on a.id = t.from_account_id
          where t.type = 'exchange' and a.user_id is not null group by a.user_id`,
  );
  const held = new Map(rows.map((r) => [`${r.user_id}:${r.kind}`, r.n]));
  const failures: string[] = [];
  for (const user of users)
    for (const kind of Object.keys(user.confirmed) as Counted[]) {
      const n = held.get(`${user.userId}:${kind}`) ?? 0;
      const least = user.confirmed[kind];
      const most = least + user.unknown[kind];
      if (n < least || n > most) failures.push(`user ${user.index}: ${n} ${kind} rows, expected ${least}..${most}`);
    }
  failures.push(...(await dayLimitsHeld(db, users)));
  return failures;
}

/**
 * The day deposit limit held at crediting time: per day in the platform time zone, what was
 * credited to a limited user since the limit took effect never exceeds it (actions.ts limitRush).
 */
async function dayLimitsHeld(db: Database, users: VirtualUser[]): Promise<string[]> {
  const [setting] = await queryRows<{ value: string }>(db, sql`select value from sys_config where key = 'PLATFORM_TIME_ZONE'`);
  const zone = setting?.value.trim() || 'UTC';
  const failures: string[] = [];
  for (const user of users) {
    if (!user.dayLimitSince) continue;
    const days = await queryRows<{ day: string; credited: string }>(
      db,
      sql`select (completed_at at time zone ${zone})::date::text as day, sum(amount)::text as credited
            from recharge_orders
           where user_id = ${user.userId} and currency = 'CASH' and status = 'paid' and completed_at >= ${user.dayLimitSince.toISOString()}::timestamptz
           group by 1`,
    );
    for (const d of days)
      if (BigInt(d.credited) > RUSH_DAY_LIMIT)
        failures.push(`user ${user.index}: ${d.credited} credited on ${d.day}, over the day limit ${RUSH_DAY_LIMIT}`);
  }
  return failures;
}

/**
 * No invitation counts unless the invitee bound a wallet of its own and recharged (the default
 * TEAM_INVITE_SIGNAL, which the simulation leaves alone): per user, the register rebates paid to
 * it (level 1 at the default 1.00; nobody above the inviters) are those of the invitees the run saw
 * do that (simulate/invitees.ts), give or take the ones whose answer was lost, and no collected
 * invite task asks for more of them. Binding the inviter's deposit address, an address another
 * account bound, or only a bank card, must earn nothing.
 */
async function invitationsHeld(db: Database, users: VirtualUser[]): Promise<string[]> {
  const reward = DEFAULT_REBATE_RATES.registerReward[0] ?? 0n;
  const paid = await queryRows<{ user_id: number; paid: string }>(
    db,
    sql`select a.user_id, sum(t.amount)::text as paid from ledger_transfers t join ledger_accounts a on a.id = t.to_account_id
        where t.type = 'rebate' and t.reference like 'rebate:register:%' group by a.user_id`,
  );
  const claimed = await queryRows<{ user_id: number; target: string }>(
    db,
    sql`select c.user_id, max(k.target)::text as target from level_task_claims c join level_tasks k on k.id = c.task_id
        where k.kind = 'invite' group by c.user_id`,
  );
  const byId = new Map(users.map((user) => [user.userId, user]));
  const failures: string[] = [];
  for (const p of paid) {
    const seen = byId.get(Number(p.user_id))?.invitees ?? { effective: 0, uncertain: 0 };
    const [least, most] = [BigInt(seen.effective) * reward, BigInt(seen.effective + seen.uncertain) * reward];
    if (BigInt(p.paid) < least || BigInt(p.paid) > most)
      failures.push(
        `user id ${p.user_id}: register rebates ${p.paid}, ${seen.effective} effective invitees seen (+${seen.uncertain} unknown)`,
      );
  }
  for (const user of users)
    if (user.invitees.effective > 0 && !paid.some((p) => Number(p.user_id) === user.userId))
      failures.push(`user ${user.index}: no register rebate for ${user.invitees.effective} effective invitees`);
  for (const c of claimed) {
    const seen = byId.get(Number(c.user_id))?.invitees ?? { effective: 0, uncertain: 0 };
    if (BigInt(c.target) > BigInt(seen.effective + seen.uncertain))
      failures.push(`user id ${c.user_id}: collected an invite task for ${c.target}, ${seen.effective} effective invitees seen`);
  }
  return failures;
}

/** A fingerprint of the final ledger that does not depend on interleaving: user balances by phone, system accounts summed over shards. */
export async function ledgerDigest(db: Database): Promise<string> {
  const [row] = await queryRows<{ digest: string }>(
    db,
    sql`select md5(string_agg(line, '|' order by line)) as digest from (
          select u.phone || ':' || a.asset || ':' || a.balance as line from ledger_accounts a join users u on u.id = a.user_id
          union all
          select a.system_name || ':' || a.asset || ':' || sum(a.balance) from ledger_accounts a where a.system_name is not null group by a.system_name, a.asset
        ) lines`,
  );
  return row?.digest ?? '';
}

function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}
