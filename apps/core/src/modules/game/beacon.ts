import { sha256 } from '@noble/hashes/sha2.js';
import { localBeaconValue, QUICKNET, quicknetRoundAfter } from '@prism/domain';
import { sha256Hex } from '../../platform/hash';

/** One round of public randomness, as used in a session's result. */
export interface BeaconRound {
  round: number;
  /** The value that enters the result (drand: its randomness, hex). */
  value: string;
  /** drand's BLS signature, so anyone can check the value came from drand. */
  signature?: string | undefined;
}

/**
 * A public-randomness beacon. A session's round is fixed when the session is
 * created (before betting opens) as the first round after its betting closes,
 * so nobody can know the value while bets are taken.
 */
export interface Beacon {
  readonly name: 'drand-quicknet' | 'local';
  roundFor(betEndAt: Date): number;
  /** The verified round, or undefined when it is not published (yet) or not verifiable. */
  fetch(round: number): Promise<BeaconRound | undefined>;
}

/** The message drand signs for a round: SHA-256 of the round as an 8-byte big-endian integer. */
function roundMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round), false);
  return sha256(bytes);
}

/** Checks a quicknet round: the BLS signature against the chain's key, and randomness = SHA-256(signature). */
export type QuicknetVerifier = (round: number, signatureHex: string, randomnessHex: string) => boolean;

/**
 * The quicknet check (QUICKNET of @prism/domain, the chain's public data), loaded on first use:
 * noble's BLS12-381 holds about 1.7 MB of heap once imported, and a server on the local beacon
 * (the default) never needs it. BLS stays here so @prism/domain, which the web app bundles, stays light.
 */
export async function loadQuicknetVerifier(): Promise<QuicknetVerifier> {
  const { bls12_381 } = await import('@noble/curves/bls12-381.js');
  const bls = bls12_381.shortSignatures;
  return (round, signatureHex, randomnessHex) => {
    try {
      const signature = Buffer.from(signatureHex, 'hex');
      if (signature.length !== 48) return false;
      if (sha256Hex(signature) !== randomnessHex) return false;
      return bls.verify(signature, bls.hash(roundMessage(round), QUICKNET.dst), Buffer.from(QUICKNET.publicKey, 'hex'));
    } catch {
      return false;
    }
  };
}

export function createDrandBeacon(options: { urls?: readonly string[]; fetchImpl?: typeof fetch; timeoutMs?: number } = {}): Beacon {
  const urls = options.urls?.length ? options.urls : QUICKNET.urls;
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    name: 'drand-quicknet',
    roundFor: quicknetRoundAfter,
    async fetch(round) {
      for (const base of urls) {
        const found = await fetchVerifiedRound(fetchImpl, base, round, options.timeoutMs ?? 5_000);
        if (found) return found;
      }
      return undefined;
    },
  };
}

/** One mirror's answer for `round`, kept only when its BLS signature verifies; undefined otherwise. */
async function fetchVerifiedRound(
  fetchImpl: typeof fetch,
  base: string,
  round: number,
  timeoutMs: number,
): Promise<BeaconRound | undefined> {
  try {
    const response = await fetchImpl(`${base.replace(/\/$/, '')}/${QUICKNET.chainHash}/public/${round}`, {
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { round?: number; randomness?: string; signature?: string };
    if (body.round !== round || !body.signature || !body.randomness) return undefined;
    const verify = await loadQuicknetVerifier();
    if (!verify(round, body.signature, body.randomness)) return undefined;
    return { round, value: body.randomness, signature: body.signature };
  } catch {
    // Try the next mirror; the session waits for its round until one answers.
    return undefined;
  }
}

/**
 * Local mode (the default where there is no internet, as in development and
 * tests): the value of round r is SHA-256("prism-local-beacon|" + r), public and
 * fixed in advance, so the operator cannot grind it. The weaker guarantee: the
 * operator knows its seeds, so it could know results before they are drawn.
 * Players can still verify that every result follows from the committed chain.
 */
export function createLocalBeacon(): Beacon {
  return {
    name: 'local',
    roundFor: (betEndAt) => Math.floor(betEndAt.getTime() / 1000),
    async fetch(round) {
      return { round, value: localBeaconValue(round) };
    },
  };
}

export { localBeaconValue };

/**
 * The beacon that draws a session: the one named when it was created, whatever
 * GAME_BEACON says now (a session created in local mode stays local after a
 * switch to drand, and the reverse). An unknown name never answers, so such a
 * session waits rather than being drawn with some other randomness.
 */
export function beaconsFor(current: Beacon): (name: string) => Beacon {
  const made = new Map<string, Beacon>([[current.name, current]]);
  const never: Beacon = { name: current.name, roundFor: current.roundFor, fetch: async () => undefined };
  return (name) => {
    let beacon = made.get(name);
    if (!beacon) {
      beacon = name === 'local' ? createLocalBeacon() : name === 'drand-quicknet' ? createDrandBeacon() : never;
      made.set(name, beacon);
    }
    return beacon;
  };
}
