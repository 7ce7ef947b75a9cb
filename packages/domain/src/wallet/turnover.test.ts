import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Asset } from '../constants';
import { convert, parseRate } from './exchange';
import {
  bookAfterBet,
  bookAfterExchange,
  bookAfterGiving,
  bookAfterMultiple,
  bookAfterReceiving,
  bookAfterRecharge,
  bookAfterWaiver,
  type CarriedLock,
  NO_LOCK,
  type RateOf,
  settleTurnover,
  stakeTurnover,
  TURNOVER_POOL,
  type TurnoverBook,
  turnoverHold,
  withdrawableOfBook,
  withdrawBreakdown,
} from './turnover';

const ONE_X = 10_000;

describe('the lock follows the money', () => {
  it('CASH -> CHIP -> USDT keeps the recharge locked (the reviewed bypass)', () => {
    let book: TurnoverBook = bookAfterRecharge({}, 'CASH', 100_000n, ONE_X);
    book = bookAfterExchange(book, { from: 'CASH', to: 'CHIP', amount: 100_000n, received: 100_000n, balance: 100_000n });
    expect(withdrawableOfBook(book, 'CASH', 0n)).toBe(0n);
    book = bookAfterExchange(book, { from: 'CHIP', to: 'USDT', amount: 100_000n, received: 1_176n, balance: 100_000n });
    expect(withdrawableOfBook(book, 'USDT', 1_176n)).toBe(0n);
    expect(turnoverHold(book, 'USDT')).toEqual({ locked: 1_176n, needed: 1_176n });
  });

  it('held money goes first, so the free part stays free where it is (the reported exchange of the only free 0.10)', () => {
    let book: TurnoverBook = bookAfterRecharge({}, 'CASH', 100_000n, ONE_X);
    // 150,000 CASH of which 100,000 locked: 50,000 to USDT is locked money, carrying half the requirement.
    book = bookAfterExchange(book, { from: 'CASH', to: 'USDT', amount: 50_000n, received: 588n, balance: 150_000n });
    expect(withdrawableOfBook(book, 'USDT', 588n)).toBe(0n);
    expect(turnoverHold(book, 'USDT')).toEqual({ locked: 588n, needed: 588n });
    expect(withdrawableOfBook(book, 'CASH', 100_000n)).toBe(50_000n);
    // The next 50,000 is the rest of the lock; the free 50,000 is still free in CASH.
    book = bookAfterExchange(book, { from: 'CASH', to: 'USDT', amount: 50_000n, received: 588n, balance: 100_000n });
    expect(turnoverHold(book, 'CASH')).toEqual({ locked: 0n, needed: 0n });
    expect(withdrawableOfBook(book, 'CASH', 50_000n)).toBe(50_000n);
    expect(withdrawableOfBook(book, 'USDT', 1_176n)).toBe(0n);
  });

  it('the only free 0.10 stays free when locked money is exchanged next to it', () => {
    let book: TurnoverBook = bookAfterRecharge({}, 'CASH', 100_000n, ONE_X);
    book = bookAfterExchange(book, { from: 'CASH', to: 'CHIP', amount: 10n, received: 10n, balance: 100_010n });
    expect(withdrawableOfBook(book, 'CASH', 100_000n)).toBe(10n);
    expect(turnoverHold(book, 'CHIP').locked).toBe(10n);
  });

  it('free money goes first in a gift, so the receiver gets free money when the giver has it', () => {
    const book: TurnoverBook = bookAfterRecharge({}, 'CASH', 100_000n, ONE_X);
    const given = bookAfterGiving(book, 'CASH', 50_000n, 150_000n);
    expect(given.carried).toEqual(NO_LOCK);
    expect(withdrawableOfBook(given.book, 'CASH', 100_000n)).toBe(0n);
  });

  it('bets in CHIP work off the CASH pool, then the money may leave', () => {
    let book: TurnoverBook = bookAfterRecharge({}, 'CASH', 100_000n, 20_000); // 2x
    book = bookAfterExchange(book, { from: 'CASH', to: 'CHIP', amount: 100_000n, received: 100_000n, balance: 100_000n });
    expect(turnoverHold(book, 'CHIP')).toEqual({ locked: 100_000n, needed: 200_000n });
    book = bookAfterBet(book, 'CHIP', 100_000n);
    expect(turnoverHold(book, 'CHIP')).toEqual({ locked: 50_000n, needed: 100_000n });
    book = bookAfterBet(book, 'GOLD', 100_000n);
    book = bookAfterExchange(book, { from: 'CHIP', to: 'CASH', amount: 100_000n, received: 100_000n, balance: 100_000n });
    expect(withdrawableOfBook(book, 'CASH', 100_000n)).toBe(100_000n);
  });

  it('USDT bets count for USDT only; surplus does not pre-pay a later recharge', () => {
    let book: TurnoverBook = bookAfterRecharge({}, 'USDT', 1_000n, ONE_X);
    book = bookAfterBet(book, 'CHIP', 5_000n);
    expect(turnoverHold(book, 'USDT').locked).toBe(1_000n);
    book = bookAfterBet(book, 'USDT', 5_000n);
    expect(turnoverHold(book, 'USDT').locked).toBe(0n);
    book = bookAfterRecharge(book, 'USDT', 1_000n, ONE_X);
    expect(turnoverHold(book, 'USDT')).toEqual({ locked: 1_000n, needed: 1_000n });
  });

  it('a pool works off CASH before CHIP, and says so in what each still needs', () => {
    let book: TurnoverBook = bookAfterRecharge({}, 'CASH', 100_000n, ONE_X);
    book = bookAfterExchange(book, { from: 'CASH', to: 'CHIP', amount: 40_000n, received: 40_000n, balance: 100_000n });
    expect(turnoverHold(book, 'CASH')).toEqual({ locked: 60_000n, needed: 60_000n });
    expect(turnoverHold(book, 'CHIP')).toEqual({ locked: 40_000n, needed: 100_000n });
    expect(settleTurnover(bookAfterBet(book, 'CHIP', 70_000n)).CHIP).toEqual({ required: 30_000n, principal: 30_000n, done: 0n });
  });

  it('a recharge without a multiple locks nothing, even on top of a lock', () => {
    const book = bookAfterRecharge(bookAfterRecharge({}, 'CASH', 100_000n, ONE_X), 'CASH', 50_000n, 0);
    expect(withdrawableOfBook(book, 'CASH', 150_000n)).toBe(50_000n);
  });
});

/**
 * Property: whatever the sequence of recharges, exchanges, bets, withdrawals,
 * power purchases and gifts between two users and their maturities, what the
 * users have withdrawn plus what they may withdraw now never exceeds free
 * deposits + everything the game paid them + the part of the locked deposits
 * their turnover has paid for (turnover / smallest multiple). Summed over both
 * users, so a gift that launders a lock (the giver's lock stays behind, the
 * receiver's money arrives free) breaks it. Values are compared in one unit,
 * hundredths of CASH: CASH, CHIP and GOLD are worth 100, POINT 1 (0.01 CHIP),
 * USDT 10,000; every rate loses value or keeps it, as a rate must, and bets
 * count at the platform's rate (stakeTurnover).
 */
const VALUE: Record<Asset, bigint> = { CASH: 100n, CHIP: 100n, GOLD: 100n, POINT: 1n, USDT: 10_000n };
const RATES: [Asset, Asset, string][] = [
  ['CASH', 'CHIP', '1'],
  ['CHIP', 'CASH', '1'],
  ['CASH', 'USDT', '0.01'],
  ['USDT', 'CASH', '99'],
  ['USDT', 'CHIP', '100'],
  ['CHIP', 'USDT', '0.0099'],
  ['GOLD', 'CHIP', '1'],
  ['CHIP', 'GOLD', '1'],
  ['POINT', 'CHIP', '0.01'],
  ['CASH', 'POINT', '97'],
];
const rateOf: RateOf = (from, to) => {
  const pair = RATES.find(([a, b]) => a === from && b === to);
  return pair ? parseRate(pair[2]) : undefined;
};
const MULTIPLES = [0, 5_000, 10_000, 20_000] as const;
/** Property runs take about a second alone; on a loaded machine (CI, shared cores) several times that. */
const PROPERTY = { timeout: 30_000 };

type Who = 0 | 1;
type Step =
  | { kind: 'recharge'; who: Who; asset: 'CASH' | 'USDT'; amount: bigint; multiple: number }
  | { kind: 'exchange'; who: Who; pair: number; share: number }
  | { kind: 'bet'; who: Who; coin: Asset; share: number; payout: 0 | 1 | 2 }
  | { kind: 'withdraw'; who: Who; asset: 'CASH' | 'USDT'; share: number }
  | { kind: 'power'; who: Who; coin: 'CASH' | 'CHIP' | 'USDT'; share: number; gift: boolean }
  | { kind: 'mature' };

const who = fc.constantFrom<Who>(0, 1);
const share = fc.integer({ min: 1, max: 100 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('recharge' as const),
    who,
    asset: fc.constantFrom('CASH' as const, 'USDT' as const),
    amount: fc.bigInt({ min: 1n, max: 1_000_000n }),
    multiple: fc.constantFrom(...MULTIPLES),
  }),
  fc.record({ kind: fc.constant('exchange' as const), who, pair: fc.integer({ min: 0, max: RATES.length - 1 }), share }),
  fc.record({
    kind: fc.constant('bet' as const),
    who,
    coin: fc.constantFrom<Asset>('CHIP', 'GOLD', 'POINT', 'USDT'),
    share,
    payout: fc.constantFrom(0 as const, 1 as const, 2 as const),
  }),
  fc.record({ kind: fc.constant('withdraw' as const), who, asset: fc.constantFrom('CASH' as const, 'USDT' as const), share }),
  fc.record({
    kind: fc.constant('power' as const),
    who,
    coin: fc.constantFrom('CASH' as const, 'CHIP' as const, 'USDT' as const),
    share,
    gift: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('mature' as const) }),
);

interface Person {
  book: TurnoverBook;
  balance: Record<Asset, bigint>;
}

/** A power package's price on its way: it matures to `to` with the lock it carried (none for a purchase). */
interface Stake {
  to: Who;
  coin: Asset;
  price: bigint;
  carried: CarriedLock;
}

interface World {
  people: [Person, Person];
  stakes: Stake[];
  freeIn: bigint;
  lockedIn: bigint;
  /** The smallest multiple (basis points) any locked deposit carried. */
  minMultiple: number;
  paidOut: bigint;
  turnover: bigint;
  withdrawn: bigint;
}

const part = (amount: bigint, percent: number) => (amount * BigInt(percent)) / 100n;

function applyMoney(world: World, s: Exclude<Step, { kind: 'power' } | { kind: 'mature' }>): void {
  const person = world.people[s.who];
  const { balance } = person;
  if (s.kind === 'recharge') {
    balance[s.asset] += s.amount;
    person.book = bookAfterRecharge(person.book, s.asset, s.amount, s.multiple);
    if ((s.amount * BigInt(s.multiple)) / 10_000n > 0n) {
      world.lockedIn += s.amount * VALUE[s.asset];
      world.minMultiple = Math.min(world.minMultiple, s.multiple);
    } else world.freeIn += s.amount * VALUE[s.asset];
  } else if (s.kind === 'exchange') {
    const [from, to, rate] = RATES[s.pair] as [Asset, Asset, string];
    const amount = part(balance[from], s.share);
    const received = convert(amount, parseRate(rate) as bigint);
    if (received <= 0n) return; // EXCHANGE_TOO_SMALL
    person.book = bookAfterExchange(person.book, { from, to, amount, received, balance: balance[from] });
    balance[from] -= amount;
    balance[to] += received;
  } else if (s.kind === 'bet') {
    const stake = part(balance[s.coin], s.share);
    if (stake <= 0n) return;
    balance[s.coin] += stake * BigInt(s.payout - 1);
    const counted = stakeTurnover(s.coin, stake, rateOf);
    person.book = bookAfterBet(person.book, s.coin, counted);
    // The oracle counts the stake's true value, not what the rule counted: a rule counting POINT at par breaks it.
    world.turnover += stake * VALUE[s.coin];
    world.paidOut += stake * BigInt(s.payout) * VALUE[s.coin];
  } else {
    const amount = part(withdrawableOfBook(person.book, s.asset, balance[s.asset]), s.share);
    balance[s.asset] -= amount;
    world.withdrawn += amount * VALUE[s.asset];
  }
}

/** A power purchase (the price leaves, the lock stays) or a gift to the other user (the lock leaves with it). */
function applyPower(world: World, s: Extract<Step, { kind: 'power' }>): void {
  const person = world.people[s.who];
  const price = part(person.balance[s.coin], s.share);
  if (price <= 0n) return;
  let carried = NO_LOCK;
  if (s.gift) {
    const given = bookAfterGiving(person.book, s.coin, price, person.balance[s.coin]);
    person.book = given.book;
    carried = given.carried;
  }
  person.balance[s.coin] -= price;
  world.stakes.push({ to: s.gift ? ((1 - s.who) as Who) : s.who, coin: s.coin, price, carried });
}

function apply(world: World, s: Step): void {
  if (s.kind === 'power') applyPower(world, s);
  else if (s.kind === 'mature') {
    for (const stake of world.stakes.splice(0)) {
      const person = world.people[stake.to];
      person.balance[stake.coin] += stake.price;
      person.book = bookAfterReceiving(person.book, stake.coin, stake.carried);
    }
  } else applyMoney(world, s);
}

function allowed(world: World): bigint {
  const paidFor = world.minMultiple === Infinity ? 0n : (world.turnover * 10_000n) / BigInt(world.minMultiple);
  return world.freeIn + world.paidOut + (paidFor < world.lockedIn ? paidFor : world.lockedIn);
}

function takeable(world: World): bigint {
  let now = 0n;
  for (const person of world.people)
    for (const asset of ['CASH', 'USDT'] as const) now += withdrawableOfBook(person.book, asset, person.balance[asset]) * VALUE[asset];
  return world.withdrawn + now;
}

const newWorld = (): World => ({
  people: [0, 1].map(() => ({ book: {}, balance: { CASH: 0n, CHIP: 0n, GOLD: 0n, POINT: 0n, USDT: 0n } })) as [Person, Person],
  stakes: [],
  freeIn: 0n,
  lockedIn: 0n,
  minMultiple: Infinity,
  paidOut: 0n,
  turnover: 0n,
  withdrawn: 0n,
});

describe('withdrawable never exceeds what the rule allows (property)', () => {
  it('holds after every step of any sequence, gifts and maturities included', PROPERTY, () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), (steps) => {
        const world = newWorld();
        for (const s of steps) {
          apply(world, s);
          expect(takeable(world)).toBeLessThanOrEqual(allowed(world));
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('without any bet, locked deposits never leave, whatever the exchanges and gifts', PROPERTY, () => {
    const noBets = step.filter((s) => s.kind !== 'bet');
    fc.assert(
      fc.property(fc.array(noBets, { minLength: 1, maxLength: 40 }), (steps) => {
        const world = newWorld();
        for (const s of steps) apply(world, s);
        expect(takeable(world)).toBeLessThanOrEqual(world.freeIn);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the reported laundering: ten gifts of recharged money never mature withdrawable', () => {
    const world = newWorld();
    apply(world, { kind: 'recharge', who: 0, asset: 'CASH', amount: 100_000n, multiple: 10_000 });
    for (let i = 0; i < 10; i++) apply(world, { kind: 'power', who: 0, coin: 'CASH', share: i === 9 ? 100 : 10, gift: true });
    apply(world, { kind: 'mature' });
    expect(world.people[1].balance.CASH).toBeGreaterThan(0n);
    expect(takeable(world)).toBe(0n);
  });
});

describe('a stake counts at its value in the locked coin', () => {
  it('the reported abuse: POINT bets bought with a little free CASH do not free a large CASH lock at par', () => {
    const world = newWorld();
    apply(world, { kind: 'recharge', who: 0, asset: 'CASH', amount: 1_000n, multiple: 0 });
    apply(world, { kind: 'recharge', who: 0, asset: 'CASH', amount: 100_000n, multiple: ONE_X });
    apply(world, { kind: 'exchange', who: 0, pair: RATES.findIndex(([a, b]) => a === 'CASH' && b === 'POINT'), share: 1 });
    apply(world, { kind: 'bet', who: 0, coin: 'POINT', share: 100, payout: 0 });
    expect(takeable(world)).toBeLessThanOrEqual(allowed(world));
  });

  it('POINT at 0.01 CHIP, GOLD through CHIP, the home coin at par, a coin without a rate not at all', () => {
    expect(stakeTurnover('POINT', 10_000n, rateOf)).toBe(100n);
    expect(stakeTurnover('POINT', 99n, rateOf)).toBe(0n);
    expect(stakeTurnover('GOLD', 5_000n, rateOf)).toBe(5_000n);
    expect(stakeTurnover('CHIP', 5_000n, rateOf)).toBe(5_000n);
    expect(stakeTurnover('USDT', 5_000n, rateOf)).toBe(5_000n);
    expect(stakeTurnover('GOLD', 5_000n, () => undefined)).toBe(0n);
  });

  it('POINT bets free a CASH lock only at their value', () => {
    let book: TurnoverBook = bookAfterRecharge({}, 'CASH', 100_000n, ONE_X);
    book = bookAfterBet(book, 'POINT', stakeTurnover('POINT', 100_000n, rateOf));
    expect(turnoverHold(book, 'CASH')).toEqual({ locked: 99_000n, needed: 99_000n });
  });
});

describe('the withdrawal breakdown adds up to the balance', () => {
  it('the reported figures: a lock of 4300.10 on a balance of 4080.10 holds the balance, not more', () => {
    // 5000.00 recharged at 2x; 1,399.80 bet (and lost) frees 699.90 of the lock while the balance fell by 1,399.80.
    let book: TurnoverBook = bookAfterRecharge({}, 'CASH', 500_000n, 20_000);
    book = bookAfterBet(book, 'CHIP', 139_980n);
    expect(turnoverHold(book, 'CASH').locked).toBe(430_010n);
    expect(withdrawBreakdown(book, 'CASH', 408_010n)).toEqual({
      balance: 408_010n,
      withdrawable: 0n,
      heldByTurnover: 408_010n,
      betsNeeded: 860_020n,
      lockBeyondBalance: 22_000n,
    });
  });

  it('without a lock everything is free, rewards and winnings included', () => {
    expect(withdrawBreakdown({}, 'USDT', 1_234n)).toEqual({
      balance: 1_234n,
      withdrawable: 1_234n,
      heldByTurnover: 0n,
      betsNeeded: 0n,
      lockBeyondBalance: 0n,
    });
  });

  it('property: free + held = balance, free = withdrawable, held + beyond = the lock, over any sequence', PROPERTY, () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), (steps) => {
        const world = newWorld();
        for (const s of steps) {
          apply(world, s);
          for (const person of world.people)
            for (const asset of ['CASH', 'USDT'] as const) {
              const balance = person.balance[asset];
              const parts = withdrawBreakdown(person.book, asset, balance);
              expect(parts.withdrawable + parts.heldByTurnover).toBe(balance);
              expect(parts.withdrawable).toBe(withdrawableOfBook(person.book, asset, balance));
              expect(parts.heldByTurnover + parts.lockBeyondBalance).toBe(turnoverHold(person.book, asset).locked);
              expect(parts.heldByTurnover + parts.lockBeyondBalance > 0n).toBe(parts.betsNeeded > 0n);
            }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the operator lowers the multiple: money already held follows', () => {
  it('0 frees the whole pool at once, CHIP carried from CASH included, and leaves the other pool alone', () => {
    let book: TurnoverBook = bookAfterRecharge({}, 'CASH', 100_000n, ONE_X);
    book = bookAfterRecharge(book, 'USDT', 1_000n, ONE_X);
    book = bookAfterExchange(book, { from: 'CASH', to: 'CHIP', amount: 40_000n, received: 40_000n, balance: 100_000n });
    book = bookAfterMultiple(book, 'CASH', 0);
    expect(withdrawableOfBook(book, 'CASH', 60_000n)).toBe(60_000n);
    expect(turnoverHold(book, 'CHIP')).toEqual({ locked: 0n, needed: 0n });
    expect(turnoverHold(book, 'USDT')).toEqual({ locked: 1_000n, needed: 1_000n });
  });

  it('from 2x to 1x: the bets needed halve, and bets already made count', () => {
    let book: TurnoverBook = bookAfterRecharge({}, 'CASH', 100_000n, 20_000);
    book = bookAfterBet(book, 'CASH', 100_000n);
    expect(turnoverHold(book, 'CASH')).toEqual({ locked: 50_000n, needed: 100_000n });
    book = bookAfterMultiple(book, 'CASH', ONE_X);
    expect(turnoverHold(book, 'CASH')).toEqual({ locked: 50_000n, needed: 50_000n });
  });

  it('property: never holds more, never needs more; raising it changes nothing held', PROPERTY, () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), fc.constantFrom(...MULTIPLES, 40_000), (steps, multiple) => {
        const world = newWorld();
        for (const s of steps) apply(world, s);
        for (const person of world.people)
          for (const pool of ['CASH', 'USDT'] as const) {
            const after = bookAfterMultiple(person.book, pool, multiple);
            for (const asset of ['CASH', 'CHIP', 'GOLD', 'POINT', 'USDT'] as const) {
              const before = turnoverHold(person.book, asset);
              const now = turnoverHold(after, asset);
              expect(now.locked).toBeLessThanOrEqual(before.locked);
              expect(now.needed).toBeLessThanOrEqual(before.needed);
              if (multiple === 0 && TURNOVER_POOL[asset] === pool) expect(now.locked).toBe(0n);
            }
          }
      }),
      { numRuns: 300 },
    );
  });
});

describe('bookAfterWaiver', () => {
  it('frees the waived asset only; the pool keeps what was bet', () => {
    const book = {
      CASH: { required: 1000n, principal: 1000n, done: 1200n },
      CHIP: { required: 500n, principal: 500n, done: 0n },
      USDT: { required: 300n, principal: 300n, done: 0n },
    };
    const after = bookAfterWaiver(book, 'USDT');
    expect(withdrawableOfBook(after, 'USDT', 300n)).toBe(300n);
    expect(after.CHIP).toEqual(settleTurnover(book).CHIP);
    expect(withdrawableOfBook(bookAfterWaiver(book, 'CASH'), 'CASH', 1000n)).toBe(1000n);
  });
});
