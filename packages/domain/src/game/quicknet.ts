/**
 * drand quicknet (League of Entropy): unchained BLS signatures on G1, one round
 * every 3 s (docs/fairness.md). The public data of the chain, shared by the
 * server's beacon (which fetches rounds and checks their BLS signature, in
 * apps/core), `npm run verify` and the verify screen.
 */
export const QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  /** Unix seconds of round 1. */
  genesisTime: 1_692_803_367,
  /** Seconds between rounds. */
  period: 3,
  /** The hash-to-curve domain of its signatures. */
  dst: 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_',
  /** Public HTTP mirrors of the chain. */
  urls: ['https://api.drand.sh', 'https://api2.drand.sh', 'https://api3.drand.sh', 'https://drand.cloudflare.com'],
} as const;

/**
 * The first quicknet round published after `time`: the round a session's beacon
 * must use when `time` is its cut-off. Round r is published at genesis + (r - 1) x period.
 */
export function quicknetRoundAfter(time: Date): number {
  const elapsed = Math.floor(time.getTime() / 1000) - QUICKNET.genesisTime;
  return Math.max(1, Math.floor(elapsed / QUICKNET.period) + 2);
}
