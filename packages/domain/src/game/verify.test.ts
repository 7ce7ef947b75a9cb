import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GameSessionProof } from '../contracts/game';
import { chainSeed, computeResult, hashSeed } from './fairness';
import { sessionOfPeriod } from './periods';
import { QUICKNET, quicknetRoundAfter } from './quicknet';
import { drandValueOf, localBeaconValue, type VerifyCheck, type VerifyOptions, verifySessionProof } from './verify';

const origin = '11'.repeat(32);
const length = 10;
const index = 3;
const seed = chainSeed(origin, length - index);

/** A local-beacon session published as the server publishes it. */
const localTiming = { level: 1, sessionSeconds: 60, betCloseSeconds: 5 };
const localPeriod = '20261123100789';
const localBetEnd = sessionOfPeriod(localPeriod, localTiming)?.betEndAt as Date;
const localRound = Math.floor(localBetEnd.getTime() / 1000);
const local: GameSessionProof = {
  id: 7,
  periodId: localPeriod,
  level: 1,
  lotteryResult: computeResult(seed, 1, localPeriod, localBeaconValue(localRound)),
  colours: [],
  size: null,
  status: 'settled',
  seed,
  commitment: hashSeed(seed),
  beaconName: 'local',
  beaconRound: localRound,
  beaconValue: localBeaconValue(localRound),
  beaconSignature: null,
  drawTime: null,
  chainId: 1,
  chainIndex: index,
  chainLength: length,
  chainAnchor: chainSeed(origin, length),
  voidReason: null,
};

/**
 * A drand session on a genuine quicknet round (1000, as published by the League
 * of Entropy): a room whose betting closes 22 s into the minute, so the session
 * of 2023-08-23 15:59 UTC closes at 15:59:22 and its first round after is 1000.
 */
const ROUND_1000 = {
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};
const drandTiming = { level: 1, sessionSeconds: 60, betCloseSeconds: 38 };
const drandPeriod = `20230823100959`;
const drand: GameSessionProof = {
  ...local,
  periodId: drandPeriod,
  beaconName: 'drand-quicknet',
  beaconRound: ROUND_1000.round,
  beaconValue: ROUND_1000.randomness,
  beaconSignature: ROUND_1000.signature,
  lotteryResult: computeResult(seed, 1, drandPeriod, ROUND_1000.randomness),
};

const states = (checks: VerifyCheck[]) => checks.map((check) => [check.code, check.state]);
const failing = (proof: GameSessionProof, options: VerifyOptions = { timing: localTiming }) =>
  verifySessionProof(proof, options)
    .filter((check) => check.state === 'fail')
    .map((check) => check.code);

describe('quicknet', () => {
  it('has the public chain data of docs/fairness.md', () => {
    expect(QUICKNET.chainHash).toBe('52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971');
    expect(QUICKNET.genesisTime).toBe(1_692_803_367);
    expect(QUICKNET.period).toBe(3);
    expect(QUICKNET.dst).toBe('BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_');
    expect(QUICKNET.publicKey).toMatch(/^[0-9a-f]{192}$/);
  });

  it('picks the first round published after a time', () => {
    const genesis = QUICKNET.genesisTime * 1000;
    expect(quicknetRoundAfter(new Date(genesis - 60_000))).toBe(1);
    expect(quicknetRoundAfter(new Date(genesis))).toBe(2);
    expect(quicknetRoundAfter(new Date(genesis + 2_999))).toBe(2);
    expect(quicknetRoundAfter(new Date(genesis + 3_000))).toBe(3);
    expect(quicknetRoundAfter(sessionOfPeriod(drandPeriod, drandTiming)?.betEndAt as Date)).toBe(1000);
  });

  it("gives a round's value as SHA-256 of its signature", () => {
    expect(drandValueOf(ROUND_1000.signature)).toBe(ROUND_1000.randomness);
    expect(drandValueOf(ROUND_1000.signature)).toBe(createHash('sha256').update(Buffer.from(ROUND_1000.signature, 'hex')).digest('hex'));
    expect(drandValueOf('zz')).toBeUndefined();
    expect(drandValueOf('')).toBeUndefined();
  });
});

describe('verifySessionProof', () => {
  it('passes every check of a local-beacon session, with codes, params and the English names', () => {
    const checks = verifySessionProof(local, { timing: localTiming });
    expect(states(checks)).toEqual([
      ['seedCommitment', 'ok'],
      ['chainAnchor', 'ok'],
      ['period', 'ok'],
      ['localRound', 'ok'],
      ['localValue', 'ok'],
      ['result', 'ok'],
    ]);
    expect(checks.every((check) => check.ok)).toBe(true);
    expect(checks.map((check) => check.name)).toEqual([
      'seed matches the commitment shown before betting',
      "seed leads to the chain's anchor in 3 hashes",
      'period belongs to the room and the clock',
      'beacon round is fixed by the cut-off',
      'beacon value is the local beacon of that round',
      'result follows from seed, room, period and beacon',
    ]);
    const params = Object.fromEntries(checks.map((check) => [check.code, check.params]));
    expect(params).toEqual({
      seedCommitment: { hash: local.commitment, commitment: local.commitment },
      chainAnchor: { count: 3, anchor: local.chainAnchor, reached: local.chainAnchor },
      period: { time: '2026-11-23T13:09:55.000Z', periodId: localPeriod },
      localRound: { round: localRound, expected: localRound },
      localValue: { value: local.beaconValue, expected: local.beaconValue },
      result: { recomputed: local.lotteryResult as number, published: local.lotteryResult as number },
    });
    expect(checks[2]?.detail).toBe('betting closed 2026-11-23T13:09:55.000Z');
  });

  it('checks a drand session in full with a BLS verifier, and fails when the verifier refuses', () => {
    const calls: unknown[][] = [];
    const verifyDrand = (...args: [number, string, string]) => {
      calls.push(args);
      return true;
    };
    const checks = verifySessionProof(drand, { timing: drandTiming, verifyDrand });
    expect(states(checks)).toEqual([
      ['seedCommitment', 'ok'],
      ['chainAnchor', 'ok'],
      ['period', 'ok'],
      ['drandRound', 'ok'],
      ['drandValue', 'ok'],
      ['drandSignature', 'ok'],
      ['result', 'ok'],
    ]);
    expect(checks.every((check) => check.ok)).toBe(true);
    expect(calls).toEqual([[1000, ROUND_1000.signature, ROUND_1000.randomness]]);
    expect(checks.find((check) => check.code === 'drandRound')?.params).toEqual({ round: 1000, expected: 1000 });
    expect(checks.find((check) => check.code === 'drandSignature')?.params).toEqual({ round: 1000, signature: ROUND_1000.signature });

    const refused = verifySessionProof(drand, { timing: drandTiming, verifyDrand: () => false });
    expect(refused.filter((check) => !check.ok).map((check) => [check.code, check.state, check.name])).toEqual([
      ['drandSignature', 'fail', 'drand signature is valid'],
    ]);
  });

  it('without a verifier still checks the drand round and value, and leaves the signature external', () => {
    const checks = verifySessionProof(drand, { timing: drandTiming });
    expect(states(checks)).toEqual([
      ['seedCommitment', 'ok'],
      ['chainAnchor', 'ok'],
      ['period', 'ok'],
      ['drandRound', 'ok'],
      ['drandValue', 'ok'],
      ['drandSignature', 'external'],
      ['result', 'ok'],
    ]);
    // Nothing verified the signature, so it is not ok; but it is not a failure either.
    expect(checks.filter((check) => !check.ok).map((check) => check.code)).toEqual(['drandSignature']);
    expect(failing(drand, { timing: drandTiming })).toEqual([]);

    // A round other than the first after the cut-off, or a value that is not SHA-256 of the signature, fails.
    expect(failing({ ...drand, beaconRound: 1001 }, { timing: drandTiming })).toEqual(['drandRound']);
    expect(failing({ ...drand, beaconValue: localBeaconValue(1000) }, { timing: drandTiming })).toEqual(['drandValue', 'result']);
    expect(failing({ ...drand, beaconSignature: `${ROUND_1000.signature.slice(0, -2)}00` }, { timing: drandTiming })).toEqual([
      'drandValue',
    ]);
    expect(failing({ ...drand, beaconSignature: null }, { timing: drandTiming })).toEqual(['drandValue']);
    expect(failing({ ...drand, beaconSignature: 'not hex' }, { timing: drandTiming })).toEqual(['drandValue']);
  });

  it('has nothing to check in a void or undrawn session, and fails a drawn one without its seed', () => {
    const voided = verifySessionProof(
      { ...local, status: 'void', seed: null, lotteryResult: null, voidReason: 'beacon late' },
      { timing: localTiming },
    );
    expect(voided).toEqual([
      {
        code: 'seedRevealed',
        state: 'info',
        params: { reason: 'beacon late', void: 1, status: 'void' },
        name: 'seed revealed',
        ok: false,
        detail: 'void session: beacon late',
      },
    ]);
    const open = { ...local, status: 'open', seed: null, lotteryResult: null } as unknown as GameSessionProof;
    expect(states(verifySessionProof(open, { timing: localTiming }))).toEqual([['seedRevealed', 'info']]);
    expect(states(verifySessionProof({ ...local, seed: null }, { timing: localTiming }))).toEqual([['seedRevealed', 'fail']]);
  });

  it('fails on a tampered seed, anchor, period, beacon or result', () => {
    expect(failing({ ...local, lotteryResult: (((local.lotteryResult ?? 0) + 1) % 10) as GameSessionProof['lotteryResult'] })).toEqual([
      'result',
    ]);
    expect(failing({ ...local, seed: local.commitment })).toEqual(['seedCommitment', 'chainAnchor', 'result']);
    expect(failing({ ...local, commitment: 'ff'.repeat(32) })).toEqual(['seedCommitment']);
    expect(failing({ ...local, chainAnchor: 'aa'.repeat(32) })).toEqual(['chainAnchor']);
    expect(failing({ ...local, beaconValue: localBeaconValue(localRound + 1) })).toEqual(['localValue', 'result']);
    expect(failing({ ...local, beaconRound: localRound + 1 })).toEqual(['localRound', 'localValue']);
    expect(failing({ ...local, beaconValue: null })).toEqual(['localValue', 'result']);
    expect(failing({ ...local, periodId: '2026112310078X' })).toEqual(['period', 'localRound', 'result']);
    // A seed that is not hex fails its checks instead of throwing.
    expect(failing({ ...local, seed: 'XYZ' })).toEqual(['seedCommitment', 'chainAnchor', 'result']);
    const tampered = verifySessionProof({ ...local, lotteryResult: null }, { timing: localTiming });
    expect(tampered.find((check) => check.code === 'result')).toMatchObject({
      state: 'fail',
      ok: false,
      params: { recomputed: local.lotteryResult as number, published: '-' },
    });
  });
});
