import {
  type GameResult,
  type GameSessionProof,
  isDrandBeacon,
  type SessionTiming,
  type VerifyCheck,
  type VerifyCode,
  type VerifyState,
  verifySessionProof,
} from '@prism/domain';

/** The UI text key of a check: its code, or drandTools for the signature left to drand tools. */
export type CheckKey = VerifyCode | 'drandTools';

/** external: to be checked with drand tools; info: nothing to check (a void or undrawn session has no seed). */
export type CheckState = VerifyState;

export interface ShownCheck {
  key: CheckKey;
  state: CheckState;
  /** Values for the translated name and detail (hashes, rounds, times, numbers). */
  params: Record<string, string | number>;
}

export interface Verification {
  checks: ShownCheck[];
  /** The result recomputed from seed, room, period and beacon (undefined while it cannot be). */
  recomputed: GameResult | undefined;
  /** A seed was revealed and no check that can run here failed. */
  verified: boolean;
  /** The beacon is drand: its signature must be checked with drand tools. */
  drand: boolean;
}

const keyOf = (check: VerifyCheck): CheckKey => (check.code === 'drandSignature' && check.state === 'external' ? 'drandTools' : check.code);

/**
 * The verify screen's checks (docs/fairness.md): @prism/domain's
 * verifySessionProof, the same routine as `npm run verify`, each check shown
 * by its code with its params. A drand round's BLS signature cannot be checked
 * in the browser (no BLS here), so the domain still checks the round and the
 * value, and reports the signature as 'external' ("check it with drand tools")
 * instead of failing.
 */
export function verifyProof(proof: GameSessionProof, timing: SessionTiming): Verification {
  const checks: ShownCheck[] = verifySessionProof(proof, { timing }).map((check) => ({
    key: keyOf(check),
    state: check.state,
    params: check.params,
  }));
  const recomputed = checks.find((check) => check.key === 'result')?.params.recomputed;
  return {
    checks,
    recomputed: typeof recomputed === 'number' ? (recomputed as GameResult) : undefined,
    verified: Boolean(proof.seed) && checks.length > 0 && checks.every((check) => check.state !== 'fail'),
    drand: isDrandBeacon(proof.beaconName),
  };
}
