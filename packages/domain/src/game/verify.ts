import { sha256 } from '@noble/hashes/sha2.js';
import type { GameSessionProof } from '../contracts/game';
import { bytesToHex, computeResult, hashSeed, hexToBytes } from './fairness';
import { type SessionTiming, sessionOfPeriod } from './periods';
import { quicknetRoundAfter } from './quicknet';

/** What a check is about, stable for screens to translate (the English `name` may change). */
export type VerifyCode =
  | 'seedRevealed'
  | 'seedCommitment'
  | 'chainAnchor'
  | 'period'
  | 'localRound'
  | 'localValue'
  | 'drandRound'
  | 'drandValue'
  | 'drandSignature'
  | 'result';

/**
 * ok: checked and holds. fail: checked and does not hold. external: cannot be
 * checked with what was given (a drand BLS signature without a verifier), check
 * it with drand tools. info: nothing to check (a void or undrawn session has no seed).
 */
export type VerifyState = 'ok' | 'fail' | 'external' | 'info';

/** One check of a verification, with what was expected and what was found. */
export interface VerifyCheck {
  code: VerifyCode;
  state: VerifyState;
  /** The values the check is about (hashes, rounds, times, results), for a screen's translated text; '-' when missing. */
  params: Record<string, string | number>;
  /** English, for the command line and logs. */
  name: string;
  /**
   * The check passed: `state === 'ok'`. external and info are not ok, because
   * nothing was verified, so "every check ok" means "fully verified"; a screen
   * that accepts an unchecked drand signature looks for `state === 'fail'` instead.
   */
  ok: boolean;
  /** English, what was found. */
  detail: string;
}

export interface VerifyOptions {
  /** The room's timing (from getLevelList), to check the period and the beacon round. */
  timing: SessionTiming;
  /**
   * Checks a drand quicknet round's BLS signature against the chain's public key
   * (apps/core's loadQuicknetVerifier). Without it the round and the value are
   * still checked, and the signature is reported as 'external'.
   */
  verifyDrand?: (round: number, signatureHex: string, valueHex: string) => boolean;
}

/** The value the local beacon gives a round: public and fixed in advance (docs/fairness.md). */
export function localBeaconValue(round: number): string {
  return bytesToHex(sha256(new TextEncoder().encode(`prism-local-beacon|${round}`)));
}

/** A drand round's randomness: SHA-256 of its signature bytes (undefined when the signature is not hex). */
export function drandValueOf(signatureHex: string): string | undefined {
  try {
    return signatureHex ? bytesToHex(sha256(hexToBytes(signatureHex))) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a session's beacon is drand quicknet (anything but the local beacon is checked as drand). */
export const isDrandBeacon = (beaconName: string): boolean => beaconName !== 'local';

/** SHA-256 of a hex seed, or undefined when it is not lowercase hex. */
function hashOf(hex: string): string | undefined {
  try {
    return hashSeed(hex);
  } catch {
    return undefined;
  }
}

const orDash = (value: string | number | null | undefined): string | number =>
  value === null || value === undefined || value === '' ? '-' : value;

type AddCheck = (code: VerifyCode, state: VerifyState, name: string, detail: string, params: Record<string, string | number>) => void;
type SessionWindow = ReturnType<typeof sessionOfPeriod>;

const verdict = (ok: boolean): VerifyState => (ok ? 'ok' : 'fail');

/** No seed: info for a void or undrawn session, fail for a drawn one. */
function seedNotRevealed(proof: GameSessionProof, add: AddCheck): void {
  const status: string = proof.status;
  const drawn = status === 'drawn' || status === 'settled';
  const isVoid = status === 'void';
  add(
    'seedRevealed',
    drawn ? 'fail' : 'info',
    'seed revealed',
    isVoid ? `void session: ${proof.voidReason ?? 'no result'}` : drawn ? 'drawn, but the seed is not published' : 'not drawn yet',
    { reason: proof.voidReason ?? '', void: isVoid ? 1 : 0, status },
  );
}

/** The seed matches its commitment and leads to the chain's anchor; returns the seed's hash (undefined when not hex). */
function seedChecks(proof: GameSessionProof, seed: string, add: AddCheck): string | undefined {
  const seedHash = hashOf(seed);
  add(
    'seedCommitment',
    verdict(seedHash !== undefined && seedHash === proof.commitment),
    'seed matches the commitment shown before betting',
    seedHash === undefined ? 'the seed is not lowercase hex' : `SHA-256(seed) = ${seedHash}`,
    { hash: orDash(seedHash), commitment: proof.commitment },
  );

  let walked: string | undefined = seed;
  for (let i = 0; i < proof.chainIndex && walked !== undefined; i++) walked = hashOf(walked);
  add(
    'chainAnchor',
    verdict(walked !== undefined && walked === proof.chainAnchor),
    `seed leads to the chain's anchor in ${proof.chainIndex} hashes`,
    `anchor ${proof.chainAnchor}`,
    { count: proof.chainIndex, anchor: proof.chainAnchor, reached: orDash(walked) },
  );
  return seedHash;
}

/** The period belongs to the room and the clock; returns its betting window. */
function periodCheck(proof: GameSessionProof, options: VerifyOptions, add: AddCheck): SessionWindow {
  const window = sessionOfPeriod(proof.periodId, options.timing);
  const betEnd = window?.betEndAt.toISOString();
  add(
    'period',
    verdict(window !== undefined),
    'period belongs to the room and the clock',
    betEnd ? `betting closed ${betEnd}` : 'period id does not parse',
    { time: orDash(betEnd), periodId: proof.periodId },
  );
  return window;
}

/** Local beacon: the round is the cut-off's second, the value is that round's public value. */
function localBeaconChecks(proof: GameSessionProof, window: SessionWindow, add: AddCheck): void {
  const value = proof.beaconValue ?? '';
  const expectedRound = window ? Math.floor(window.betEndAt.getTime() / 1000) : undefined;
  add('localRound', verdict(proof.beaconRound === expectedRound), 'beacon round is fixed by the cut-off', `round ${proof.beaconRound}`, {
    round: proof.beaconRound,
    expected: orDash(expectedRound),
  });
  const expectedValue = localBeaconValue(proof.beaconRound);
  add(
    'localValue',
    verdict(value === expectedValue),
    'beacon value is the local beacon of that round',
    `value ${orDash(proof.beaconValue)}`,
    { value: orDash(proof.beaconValue), expected: expectedValue },
  );
}

/** drand: the first round after the cut-off, its value is SHA-256 of its signature, and the signature (when a verifier is given). */
function drandChecks(proof: GameSessionProof, window: SessionWindow, options: VerifyOptions, add: AddCheck): void {
  const value = proof.beaconValue ?? '';
  const expectedRound = window ? quicknetRoundAfter(window.betEndAt) : undefined;
  add(
    'drandRound',
    verdict(proof.beaconRound === expectedRound),
    'beacon round is the first drand round after the cut-off',
    `round ${proof.beaconRound}, expected ${orDash(expectedRound)}`,
    { round: proof.beaconRound, expected: orDash(expectedRound) },
  );
  const signature = proof.beaconSignature ?? '';
  const signatureHash = drandValueOf(signature);
  add(
    'drandValue',
    verdict(signatureHash !== undefined && value === signatureHash),
    "beacon value is SHA-256 of the round's signature",
    `value ${orDash(proof.beaconValue)}, SHA-256(signature) ${orDash(signatureHash)}`,
    { value: orDash(proof.beaconValue), expected: orDash(signatureHash) },
  );
  const params = { round: proof.beaconRound, signature: orDash(proof.beaconSignature) };
  if (options.verifyDrand) {
    add(
      'drandSignature',
      verdict(options.verifyDrand(proof.beaconRound, signature, value)),
      'drand signature is valid',
      `signature ${orDash(proof.beaconSignature)}`,
      params,
    );
  } else {
    add(
      'drandSignature',
      'external',
      'drand signature (check it with drand tools)',
      'no BLS verifier given here; check the round with drand tools',
      params,
    );
  }
}

/** The result follows from seed, room, period and beacon. */
function resultCheck(proof: GameSessionProof, seed: string, seedHash: string | undefined, add: AddCheck): void {
  const recomputed =
    proof.beaconValue == null || seedHash === undefined ? undefined : computeResult(seed, proof.level, proof.periodId, proof.beaconValue);
  add(
    'result',
    verdict(recomputed !== undefined && recomputed === proof.lotteryResult),
    'result follows from seed, room, period and beacon',
    `recomputed ${orDash(recomputed)}, published ${orDash(proof.lotteryResult)}`,
    { recomputed: orDash(recomputed), published: orDash(proof.lotteryResult) },
  );
}

/**
 * Recomputes a published session from its proof, as anyone can (the verify
 * screen and `npm run verify` both run this): the seed matches the commitment
 * shown before betting, hashing it chainIndex times gives the chain's public
 * anchor, the beacon round is the first after the cut-off and its value is
 * genuine, and the result follows from seed, room, period and beacon.
 *
 * Local beacon: seedCommitment, chainAnchor, period, localRound, localValue, result.
 * drand: seedCommitment, chainAnchor, period, drandRound, drandValue, drandSignature
 * (ok or fail with `verifyDrand`, external without), result.
 * No seed: seedRevealed alone (info for a void or undrawn session, fail for a drawn one).
 */
export function verifySessionProof(proof: GameSessionProof, options: VerifyOptions): VerifyCheck[] {
  const checks: VerifyCheck[] = [];
  const add: AddCheck = (code, state, name, detail, params) => {
    checks.push({ code, state, params, name, ok: state === 'ok', detail });
  };
  if (!proof.seed) {
    seedNotRevealed(proof, add);
    return checks;
  }
  const seed = proof.seed;
  const seedHash = seedChecks(proof, seed, add);
  const window = periodCheck(proof, options, add);
  if (isDrandBeacon(proof.beaconName)) drandChecks(proof, window, options, add);
  else localBeaconChecks(proof, window, add);
  resultCheck(proof, seed, seedHash, add);
  return checks;
}
