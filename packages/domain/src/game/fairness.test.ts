import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainSeed, computeResult, hashSeed, REJECTION_LIMIT, resultFromDigest, verifySeed } from './fairness';
import { isValidTiming, nextSession, sessionAt, sessionOfPeriod } from './periods';

const ORIGIN = '0f1e2d3c4b5a69788796a5b4c3d2e1f000112233445566778899aabbccddeeff';

/** The same rule written independently with node:crypto, to check the implementation. */
function reference(seedHex: string, message: string): number {
  let digest = createHmac('sha256', Buffer.from(seedHex, 'hex')).update(message, 'utf8').digest();
  for (;;) {
    for (let offset = 0; offset < 32; offset += 4) {
      const word = digest.readUInt32BE(offset);
      if (word < 4_294_967_290) return word % 10;
    }
    digest = createHash('sha256').update(digest).digest();
  }
}

describe('seed chain', () => {
  it('each link is the SHA-256 of the one before', () => {
    expect(hashSeed(ORIGIN)).toBe(createHash('sha256').update(Buffer.from(ORIGIN, 'hex')).digest('hex'));
    expect(chainSeed(ORIGIN, 3)).toBe(hashSeed(hashSeed(hashSeed(ORIGIN))));
    expect(chainSeed(ORIGIN, 0)).toBe(ORIGIN);
  });

  it('consumed backwards, every revealed seed proves itself against the previous one', () => {
    const length = 50;
    const anchor = chainSeed(ORIGIN, length);
    let commitment = anchor;
    for (let k = 1; k <= length; k++) {
      const seed = chainSeed(ORIGIN, length - k);
      expect(verifySeed(seed, commitment)).toBe(true);
      commitment = seed;
    }
    expect(verifySeed(chainSeed(ORIGIN, 10), chainSeed(ORIGIN, 12))).toBe(false);
  });
});

describe('result', () => {
  it('matches an independent implementation on many inputs', () => {
    for (let i = 0; i < 500; i++) {
      const seed = chainSeed(ORIGIN, i);
      const periodId = `20261122${1 + (i % 3)}${String(i).padStart(5, '0')}`;
      expect(computeResult(seed, 1 + (i % 3), periodId, `beacon-${i}`)).toBe(reference(seed, `${1 + (i % 3)}|${periodId}|beacon-${i}`));
    }
  });

  it('golden vectors: a fixed seed chain gives fixed results', () => {
    const results = Array.from({ length: 12 }, (_, k) =>
      computeResult(chainSeed(ORIGIN, 100 - k), 1, `2026112210${String(k).padStart(4, '0')}`, ''),
    );
    expect(results).toEqual(results.map((_, k) => reference(chainSeed(ORIGIN, 100 - k), `1|2026112210${String(k).padStart(4, '0')}|`)));
    expect(results.join('')).toBe('859526804894');
  });

  it('rejects words at or above 4,294,967,290 and takes the next one (no modulo bias)', () => {
    const digest = new Uint8Array(32);
    new DataView(digest.buffer).setUint32(0, REJECTION_LIMIT, false); // rejected
    new DataView(digest.buffer).setUint32(4, 4_294_967_289, false); // kept: 4294967289 % 10 = 9
    expect(resultFromDigest(digest)).toBe(9);
    // All eight words rejected: the walk continues over SHA-256 of the digest.
    const allRejected = new Uint8Array(32).fill(0xff);
    const next = createHash('sha256').update(allRejected).digest();
    const firstKept = [0, 4, 8, 12, 16, 20, 24, 28].map((o) => next.readUInt32BE(o)).find((w) => w < REJECTION_LIMIT) ?? -1;
    expect(resultFromDigest(allRejected)).toBe(firstKept % 10);
  });

  it('is close to uniform over 20,000 sessions', () => {
    const counts = new Array(10).fill(0);
    for (let i = 0; i < 20_000; i++) counts[computeResult(ORIGIN, 1, String(i), 'x')]++;
    // Chi-square with 9 degrees of freedom; 27.88 is the 0.1% critical value.
    const chi = counts.reduce((sum, n) => sum + (n - 2000) ** 2 / 2000, 0);
    expect(chi).toBeLessThan(27.88);
  });
});

describe('periods', () => {
  const timing = { level: 1, sessionSeconds: 60, betCloseSeconds: 5 };
  it('derives the session from the clock', () => {
    const s = sessionAt(new Date('2026-11-22T13:09:42Z'), timing);
    expect(s).toMatchObject({ periodId: '20261122100789', index: 789 });
    expect(s.startAt.toISOString()).toBe('2026-11-22T13:09:00.000Z');
    expect(s.betEndAt.toISOString()).toBe('2026-11-22T13:09:55.000Z');
    expect(s.endAt.toISOString()).toBe('2026-11-22T13:10:00.000Z');
    expect(nextSession(s, timing).periodId).toBe('20261122100790');
    expect(nextSession(sessionAt(new Date('2026-11-22T23:59:30Z'), timing), timing).periodId).toBe('20261123100000');
  });
  it('parses a period id back, and refuses other levels or indexes past the day', () => {
    expect(sessionOfPeriod('20261122100789', timing)?.startAt.toISOString()).toBe('2026-11-22T13:09:00.000Z');
    expect(sessionOfPeriod('20261122200789', timing)).toBeUndefined();
    expect(sessionOfPeriod('20261122101440', timing)).toBeUndefined();
  });
  it('accepts only lengths that divide a day, with betting closing before the end', () => {
    expect(isValidTiming(timing)).toBe(true);
    expect(isValidTiming({ ...timing, sessionSeconds: 7 })).toBe(false);
    expect(isValidTiming({ ...timing, betCloseSeconds: 60 })).toBe(false);
    expect(isValidTiming({ ...timing, level: 0 })).toBe(false);
  });
});
