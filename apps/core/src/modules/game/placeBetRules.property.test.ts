import { AppError, BET_REFUSALS, type BetRefusal, checkBet, DEFAULT_ODDS, parseRoomBases, parseRoomMultiples } from '@prism/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type Executor, queryRows } from '../../db/client';
import { ManualClock } from '../../platform/clock';
import { createTestDatabase } from '../../testing';
import { placeBet } from './betting';

/**
 * The bet's rules live twice: as pure functions in @prism/domain (betRules.ts, what the web
 * previews with) and in the database function place_bet (sql/place_bet.sql, what decides). Generated
 * cases (room lists, base, multiples, total, limits, cap, stake so far, balance, self-exclusion,
 * the session's state) go through both; each must accept or refuse alike, with the same error key.
 * Every case runs in a transaction that is rolled back, so cases do not see each other.
 */
const USER = 990_001;
const ROOM = 90;
const NOW = new Date('2026-11-22T10:00:30Z');
const SESSION_STATES = ['open', 'drawn', 'beforeStart', 'pastCutOff', 'roomDisabled'] as const;
type SessionState = (typeof SESSION_STATES)[number];

interface BetCase {
  bases: bigint[];
  multiplesList: number[];
  base: bigint;
  multiples: number;
  total: bigint;
  minTotal: bigint;
  maxTotal: bigint;
  sessionCap: bigint;
  staked: bigint;
  balance: bigint;
  exclusion: 'none' | 'ended' | 'running';
  session: SessionState;
}

const amount = (max: number) => fc.bigInt({ min: 0n, max: BigInt(max) });
/** `usual` most of the time (so that later rules are reached), else a value from `other`. */
const often = <T>(usual: T, other: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: other });

/**
 * Mostly values from the lists, totals that add up, room under the cap and money enough, so that
 * every rule is reached (the test checks that each key was seen), acceptance included.
 */
const betCase: fc.Arbitrary<BetCase> = fc
  .record({
    bases: fc.uniqueArray(fc.bigInt({ min: 1n, max: 5_000n }), { minLength: 1, maxLength: 4 }),
    multiplesList: fc.uniqueArray(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 4 }),
    strayBase: fc.bigInt({ min: 1n, max: 5_000n }),
    strayMultiples: fc.integer({ min: 1, max: 100 }),
    pickBase: fc.nat(),
    pickMultiples: fc.nat(),
    listedBase: often(true, fc.constant(false)),
    listedMultiples: often(true, fc.constant(false)),
    totalOff: fc.oneof({ weight: 4, arbitrary: fc.constant(0n) }, { weight: 1, arbitrary: fc.bigInt({ min: -50n, max: 50n }) }),
    minTotal: amount(20_000),
    span: amount(400_000),
    sessionCap: fc.oneof(fc.constant(10_000_000n), amount(200_000)),
    staked: fc.oneof(fc.constant(0n), amount(200_000)),
    balance: fc.oneof(fc.constant(10_000_000n), amount(150_000)),
    exclusion: fc.oneof(
      { weight: 6, arbitrary: fc.constant('none' as const) },
      { weight: 3, arbitrary: fc.constantFrom('ended' as const, 'running' as const) },
    ),
    session: fc.oneof({ weight: 6, arbitrary: fc.constant('open' as const) }, { weight: 1, arbitrary: fc.constantFrom(...SESSION_STATES) }),
  })
  .map((g) => {
    const base = g.listedBase ? (g.bases[g.pickBase % g.bases.length] as bigint) : g.strayBase;
    const multiples = g.listedMultiples ? (g.multiplesList[g.pickMultiples % g.multiplesList.length] as number) : g.strayMultiples;
    return {
      bases: g.bases,
      multiplesList: g.multiplesList,
      base,
      multiples,
      total: base * BigInt(multiples) + g.totalOff,
      minTotal: g.minTotal,
      maxTotal: g.minTotal + g.span,
      sessionCap: g.sessionCap,
      staked: g.staked,
      balance: g.balance,
      exclusion: g.exclusion,
      session: g.session,
    };
  });

/** The room as stored: lists written as an operator might (spaces, a trailing comma). */
const storedList = (values: readonly (bigint | number)[]) => `${values.join(', ')},`;

function byDomain(c: BetCase): BetRefusal | 'accepted' {
  const room = {
    bases: parseRoomBases(storedList(c.bases)),
    multiples: parseRoomMultiples(storedList(c.multiplesList)),
    minTotal: c.minTotal,
    maxTotal: c.maxTotal,
    sessionCap: c.sessionCap,
  };
  const moment = { sessionOpen: c.session === 'open', selfExcluded: c.exclusion === 'running', staked: c.staked, balance: c.balance };
  return checkBet({ base: c.base, multiples: c.multiples, total: c.total }, room, moment) ?? 'accepted';
}

const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

async function arrange(tx: Executor, c: BetCase): Promise<number> {
  await tx.execute(sql`insert into game_levels (level, level_name, enable_flag, session_seconds, bet_close_seconds,
      bet_base_amounts, bet_multiples, chip_min_limit, chip_max_limit, bet_amount_max, odds)
    values (${ROOM}, 'Property', ${c.session !== 'roomDisabled'}, 60, 5, ${storedList(c.bases)}, ${storedList(c.multiplesList)},
      ${c.minTotal}, ${c.maxTotal}, ${c.sessionCap}, ${JSON.stringify(DEFAULT_ODDS)}::jsonb)`);
  const startAt = c.session === 'beforeStart' ? at(1) : at(-30);
  const betEndAt = c.session === 'pastCutOff' ? at(0) : at(25);
  const [session] = await queryRows<{ id: number }>(
    tx,
    sql`insert into game_sessions (level, period_id, start_at, bet_end_at, end_at, chain_id,
      chain_index, commitment, seed_sealed, beacon_name, beacon_round, status, created_at)
    values (${ROOM}, 'P-PROPERTY', ${startAt}, ${betEndAt}, ${at(30)}, 999999, 0, 'c', 's', 'none', 0,
      ${c.session === 'drawn' ? 'drawn' : 'open'}, ${at(-30)}) returning id`,
  );
  const sessionId = Number(session?.id);
  if (c.staked > 0n) {
    await tx.execute(sql`insert into game_session_stakes (session_id, user_id, staked) values (${sessionId}, ${USER}, ${c.staked})`);
  }
  await tx.execute(sql`insert into ledger_accounts (asset, user_id, balance) values ('CHIP', ${USER}, ${c.balance})`);
  if (c.exclusion !== 'none') {
    const until = c.exclusion === 'running' ? at(3600) : at(-3600);
    await tx.execute(sql`insert into player_protection (user_id, excluded_until, updated_at) values (${USER}, ${until}, ${at(0)})`);
  }
  return sessionId;
}

class RolledBack extends Error {}

async function byPlaceBet(db: Database, c: BetCase): Promise<BetRefusal | 'accepted'> {
  let outcome: BetRefusal | 'accepted' | undefined;
  await db
    .transaction(async (tx) => {
      const sessionId = await arrange(tx, c);
      const input = {
        gameSessionId: sessionId,
        betName: 'Red',
        baseAmount: c.base,
        betMultiples: c.multiples,
        totalBetAmount: c.total,
        coin: 'CHIP',
      } as const;
      try {
        await placeBet(tx, { clock: new ManualClock(NOW) }, USER, input);
        outcome = 'accepted';
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        outcome = error.key as BetRefusal;
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  if (!outcome) throw new Error('place_bet gave no outcome');
  return outcome;
}

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe("the bet's rules: @prism/domain and place_bet agree", () => {
  /** Runs `numRuns` generated cases through both; answers the verdicts seen. */
  async function agreeOn(options: { numRuns: number; seed?: number }): Promise<Set<string>> {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(betCase, async (c) => {
        const expected = byDomain(c);
        seen.add(expected);
        expect(await byPlaceBet(database.db, c)).toBe(expected);
      }),
      options,
    );
    return seen;
  }

  it('accept or refuse alike, with the same error key, on generated cases that reach every rule', async () => {
    // A fixed seed: whether 250 random cases reach the rarest refusal is chance (it missed once in a
    // shared run), and a coverage check must not depend on it. fast-check prints the seed of a failure.
    const seen = await agreeOn({ numRuns: 250, seed: 20261127 });
    // The cases reach every rule, acceptance included (else the agreement proves little).
    expect([...seen].sort()).toEqual(['accepted', ...BET_REFUSALS].sort());
  }, 60_000);

  it('accept or refuse alike on fresh random cases each run', async () => {
    await agreeOn({ numRuns: 100 });
  }, 60_000);

  it("read a room's list alike: prism_room_list (the arrays place_bet checks) is roomListEntries", async () => {
    // Whole numbers with spaces around them and blank entries anywhere, as an operator may type them.
    const entry = fc.oneof(
      fc
        .tuple(fc.constantFrom('', ' ', '  '), fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.constantFrom('', ' '))
        .map(([a, n, b]) => `${a}${n}${b}`),
      fc.constantFrom('', ' '),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(entry, { maxLength: 6 }), async (entries) => {
        const text = entries.join(',');
        const [row] = await queryRows<{ list: string[] }>(database.db, sql`select prism_room_list(${text})::text[] as list`);
        expect((row?.list ?? []).map(BigInt)).toEqual(parseRoomBases(text));
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});
