import {
  chainSeed,
  computeResult,
  type GameSessionProof,
  hashSeed,
  localBeaconValue,
  quicknetRoundAfter,
  sessionOfPeriod,
} from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { enUSApp } from '../../i18n/locales/app/en-US';
import { verifyProof } from './verify';

const timing = { level: 1, sessionSeconds: 60, betCloseSeconds: 5 };
const periodId = '20261123100789';
const origin = '11'.repeat(32);
const length = 10;
const index = 3;
const seed = chainSeed(origin, length - index);
const betEndAt = sessionOfPeriod(periodId, timing)?.betEndAt as Date;
const round = Math.floor(betEndAt.getTime() / 1000);
const beaconValue = localBeaconValue(round);

/** A session published as the server publishes it, with the local beacon. */
const proof: GameSessionProof = {
  id: 7,
  periodId,
  level: 1,
  lotteryResult: computeResult(seed, 1, periodId, beaconValue),
  colours: [],
  size: null,
  status: 'settled',
  seed,
  commitment: hashSeed(seed),
  beaconName: 'local',
  beaconRound: round,
  beaconValue,
  beaconSignature: null,
  drawTime: null,
  chainId: 1,
  chainIndex: index,
  chainLength: length,
  chainAnchor: chainSeed(origin, length),
  voidReason: null,
};

describe('the verify screen checks', () => {
  it('passes every check of a genuine session and recomputes its result', () => {
    const report = verifyProof(proof, timing);
    expect(report.checks.map((check) => check.key)).toEqual([
      'seedCommitment',
      'chainAnchor',
      'period',
      'localRound',
      'localValue',
      'result',
    ]);
    expect(report.checks.every((check) => check.state === 'ok')).toBe(true);
    expect(report.verified).toBe(true);
    expect(report.recomputed).toBe(proof.lotteryResult);
    expect(report.checks[1]?.params).toMatchObject({ count: 3, anchor: proof.chainAnchor });
  });

  it('fails on a changed result, seed or beacon', () => {
    const other = ((proof.lotteryResult ?? 0) + 1) % 10;
    const tampered = verifyProof({ ...proof, lotteryResult: other as GameSessionProof['lotteryResult'] }, timing);
    expect(tampered.verified).toBe(false);
    expect(tampered.checks.find((check) => check.key === 'result')?.state).toBe('fail');
    expect(verifyProof({ ...proof, commitment: 'ff'.repeat(32) }, timing).checks[0]?.state).toBe('fail');
    expect(verifyProof({ ...proof, beaconValue: localBeaconValue(round + 1) }, timing).verified).toBe(false);
  });

  it('says a void session has nothing to verify, without calling it a failure', () => {
    const report = verifyProof({ ...proof, status: 'void', seed: null, lotteryResult: null, voidReason: 'beacon late' }, timing);
    expect(report.checks).toEqual([{ key: 'seedRevealed', state: 'info', params: { reason: 'beacon late', void: 1, status: 'void' } }]);
    expect(report.verified).toBe(false);
    expect(report.recomputed).toBeUndefined();
  });

  it('checks what a browser can of a drand round and leaves the BLS signature to drand tools', () => {
    const signature = 'ab'.repeat(48);
    const value = hashSeed(signature);
    const drandRound = quicknetRoundAfter(betEndAt);
    const drand: GameSessionProof = {
      ...proof,
      beaconName: 'drand-quicknet',
      beaconRound: drandRound,
      beaconValue: value,
      beaconSignature: signature,
      lotteryResult: computeResult(seed, 1, periodId, value),
    };
    const report = verifyProof(drand, timing);
    expect(report.drand).toBe(true);
    expect(report.checks.map((check) => [check.key, check.state])).toEqual([
      ['seedCommitment', 'ok'],
      ['chainAnchor', 'ok'],
      ['period', 'ok'],
      ['drandRound', 'ok'],
      ['drandValue', 'ok'],
      ['drandTools', 'external'],
      ['result', 'ok'],
    ]);
    expect(report.verified).toBe(true);
    expect(report.checks.find((check) => check.key === 'drandTools')?.params).toEqual({ round: drandRound, signature });
    expect(report.checks.find((check) => check.key === 'drandRound')?.params).toEqual({ round: drandRound, expected: drandRound });
    expect(verifyProof({ ...drand, beaconRound: drandRound + 1 }, timing).verified).toBe(false);
    // A value that is not SHA-256 of the signature fails, even with a result computed from it.
    const other = hashSeed(value);
    const forged = verifyProof({ ...drand, beaconValue: other, lotteryResult: computeResult(seed, 1, periodId, other) }, timing);
    expect(forged.checks.filter((check) => check.state === 'fail').map((check) => check.key)).toEqual(['drandValue']);
  });

  it('has a text for every check in every state, in English (the other locales are checked complete)', () => {
    const texts = (enUSApp.verify as { check: Record<string, string>; detail: Record<string, string> }).check;
    const drand = { ...proof, beaconName: 'drand-quicknet', beaconSignature: 'ab'.repeat(48) };
    const shown = [
      proof,
      drand,
      { ...proof, seed: null },
      { ...proof, status: 'void' as const, seed: null },
      { ...proof, commitment: 'ff'.repeat(32), lotteryResult: null },
    ].flatMap((p) => verifyProof(p, timing).checks.map((check) => check.key));
    for (const key of new Set(shown)) expect(texts[key], key).toBeTypeOf('string');
  });
});
