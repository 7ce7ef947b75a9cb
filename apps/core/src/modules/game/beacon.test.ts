import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chainSeed, computeResult, type GameSessionProof, hashSeed, QUICKNET, quicknetRoundAfter, verifySessionProof } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrandBeacon, createLocalBeacon, loadQuicknetVerifier, localBeaconValue } from './beacon';

const verifyQuicknetRound = await loadQuicknetVerifier();

/** A real quicknet round, as published by the League of Entropy. */
const ROUND_1000 = {
  round: 1000,
  randomness: 'fe290beca10872ef2fb164d2aa4442de4566183ec51c56ff3cd603d930e54fdd',
  signature: 'b44679b9a59af2ec876b1a6b1ad52ea9b1615fc3982b19576350f93447cb1125e342b73a8dd2bacbe47e4b6b63ed5e39',
};

describe('drand quicknet verification', () => {
  it('accepts a genuine round and refuses it for another round, or with changed bytes', () => {
    expect(verifyQuicknetRound(1000, ROUND_1000.signature, ROUND_1000.randomness)).toBe(true);
    expect(verifyQuicknetRound(1001, ROUND_1000.signature, ROUND_1000.randomness)).toBe(false);
    expect(verifyQuicknetRound(1000, ROUND_1000.signature.replace(/^b4/, 'b5'), ROUND_1000.randomness)).toBe(false);
    expect(verifyQuicknetRound(1000, ROUND_1000.signature, `${ROUND_1000.randomness.slice(0, 63)}e`)).toBe(false);
    expect(verifyQuicknetRound(1000, 'zz', ROUND_1000.randomness)).toBe(false);
  });

  it('picks the first round published after betting closes', () => {
    const genesis = QUICKNET.genesisTime * 1000;
    expect(quicknetRoundAfter(new Date(genesis))).toBe(2);
    expect(quicknetRoundAfter(new Date(genesis + 2_999))).toBe(2);
    expect(quicknetRoundAfter(new Date(genesis + 3_000))).toBe(3);
  });
});

describe('a drand session verified with BLS (verifySessionProof + verifyQuicknetRound, as npm run verify does)', () => {
  // A room whose betting closes 22 s into the minute: the 15:59 UTC session of 2023-08-23 closes at 15:59:22, so its round is 1000.
  const timing = { level: 1, sessionSeconds: 60, betCloseSeconds: 38 };
  const seed = chainSeed('22'.repeat(32), 4);
  const proof: GameSessionProof = {
    id: 1,
    periodId: '20230823100959',
    level: 1,
    lotteryResult: computeResult(seed, 1, '20230823100959', ROUND_1000.randomness),
    colours: [],
    size: null,
    status: 'settled',
    seed,
    commitment: hashSeed(seed),
    beaconName: 'drand-quicknet',
    beaconRound: 1000,
    beaconValue: ROUND_1000.randomness,
    beaconSignature: ROUND_1000.signature,
    drawTime: null,
    chainId: 1,
    chainIndex: 1,
    chainLength: 5,
    chainAnchor: chainSeed('22'.repeat(32), 5),
    voidReason: null,
  };

  it('passes every check of a genuine round, and fails the signature of a forged one', () => {
    const checks = verifySessionProof(proof, { timing, verifyDrand: verifyQuicknetRound });
    expect(checks.map((check) => [check.code, check.state])).toEqual([
      ['seedCommitment', 'ok'],
      ['chainAnchor', 'ok'],
      ['period', 'ok'],
      ['drandRound', 'ok'],
      ['drandValue', 'ok'],
      ['drandSignature', 'ok'],
      ['result', 'ok'],
    ]);
    // A signature from another key: value = SHA-256(signature) holds, but BLS does not.
    const forged = 'a'.repeat(96);
    const forgedValue = hashSeed(forged);
    const failed = verifySessionProof(
      { ...proof, beaconSignature: forged, beaconValue: forgedValue, lotteryResult: computeResult(seed, 1, proof.periodId, forgedValue) },
      { timing, verifyDrand: verifyQuicknetRound },
    ).filter((check) => !check.ok);
    expect(failed.map((check) => [check.code, check.state])).toEqual([['drandSignature', 'fail']]);
  });
});

describe('drand adapter over HTTP', () => {
  let server: ReturnType<typeof createServer>;
  let base: string;
  const served: Record<string, unknown> = {
    [`/${QUICKNET.chainHash}/public/1000`]: ROUND_1000,
    [`/${QUICKNET.chainHash}/public/1001`]: { ...ROUND_1000, round: 1001 },
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      const body = served[req.url ?? ''];
      res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('returns a verified round, nothing for a forged or missing one, and falls through mirrors', async () => {
    const beacon = createDrandBeacon({ urls: ['http://127.0.0.1:1', base] });
    expect(await beacon.fetch(1000)).toEqual({ round: 1000, value: ROUND_1000.randomness, signature: ROUND_1000.signature });
    expect(await beacon.fetch(1001)).toBeUndefined();
    expect(await beacon.fetch(1002)).toBeUndefined();
  });
});

describe('local beacon', () => {
  it('is public and fixed per round', async () => {
    const beacon = createLocalBeacon();
    expect(beacon.roundFor(new Date('2026-11-22T10:00:55Z'))).toBe(1_795_341_655);
    expect(await beacon.fetch(7)).toEqual({ round: 7, value: localBeaconValue(7) });
    expect(localBeaconValue(7)).not.toBe(localBeaconValue(8));
  });
});
