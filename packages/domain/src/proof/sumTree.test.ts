import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hexToBytes } from '../game/fairness';
import { type LiabilityProof, liabilityProof, verifyLiabilityProof } from './proofFile';
import {
  buildSumTree,
  decodeSums,
  encodeSums,
  leafNode,
  levelSizes,
  pathOf,
  type SumNode,
  saltsOf,
  siblingPositions,
  userCommitment,
  userSalt,
} from './sumTree';

const LINES = ['balance:CASH', 'balance:USDT', 'inFlight:CASH'];
const SECRET = hexToBytes('11'.repeat(32));

function treeOf(balances: readonly (readonly bigint[])[]) {
  const leaves = balances.map((amounts, i) => leafNode(userCommitment(userSalt(SECRET, i + 1), i + 1), amounts));
  return buildSumTree(leaves);
}

function proofOf(balances: readonly (readonly bigint[])[], position: number): LiabilityProof {
  const levels = treeOf(balances);
  return liabilityProof({
    snapshotId: 1,
    takenAt: '2026-11-27T00:00:00.000Z',
    lines: LINES,
    userId: position + 1,
    salt: userSalt(SECRET, position + 1),
    amounts: balances[position] as bigint[],
    path: pathOf(levels, position),
    root: levels[levels.length - 1]?.[0] as SumNode,
  });
}

const amount = fc.bigInt({ min: 0n, max: 10n ** 15n });
const balancesArb = fc.array(fc.array(amount, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 40 });
const withPosition = balancesArb.chain((balances) => fc.tuple(fc.constant(balances), fc.nat({ max: balances.length - 1 })));

describe('the Merkle sum tree', () => {
  it('its root sums are the totals of every line', () => {
    fc.assert(
      fc.property(balancesArb, (balances) => {
        const levels = treeOf(balances);
        const root = levels[levels.length - 1]?.[0] as SumNode;
        const totals = LINES.map((_, line) => balances.reduce((sum, b) => sum + (b[line] ?? 0n), 0n));
        expect(root.sums).toEqual(totals);
        expect(levels.map((l) => l.length)).toEqual(levelSizes(balances.length));
      }),
    );
  });

  it('builds n - 1 parents for n leaves (one pass per level)', () => {
    const levels = treeOf(Array.from({ length: 1000 }, () => [1n, 2n, 3n]));
    const parents = levels.slice(1).reduce((n, level, i) => n + level.length - ((levels[i]?.length ?? 0) % 2), 0);
    expect(parents).toBe(999);
  });

  it('a path has a step per level where the node has a sibling', () => {
    expect(siblingPositions(5, 4)).toEqual([{ level: 2, position: 0, side: 'left' }]);
    expect(siblingPositions(5, 1)).toEqual([
      { level: 0, position: 0, side: 'left' },
      { level: 1, position: 1, side: 'right' },
      { level: 2, position: 1, side: 'right' },
    ]);
    expect(siblingPositions(1, 0)).toEqual([]);
  });

  it('every generated proof verifies', () => {
    fc.assert(
      fc.property(withPosition, ([balances, position]) => {
        const verdict = verifyLiabilityProof(JSON.parse(JSON.stringify(proofOf(balances, position))));
        expect(verdict.ok, JSON.stringify(verdict.checks)).toBe(true);
      }),
    );
  });
});

/** Adds one to a hex digit at `at` (mod 16): a tampered byte. */
function flipHex(hex: string, at: number): string {
  const i = at % hex.length;
  return `${hex.slice(0, i)}${((Number.parseInt(hex[i] as string, 16) + 1) % 16).toString(16)}${hex.slice(i + 1)}`;
}

type Tamper = (proof: LiabilityProof, pick: number, delta: bigint) => boolean;

const nudge = (sums: string[], pick: number, delta: bigint) => {
  const line = pick % sums.length;
  sums[line] = String(BigInt(sums[line] as string) + delta);
};

/** Each changes one thing of a proof (answers false when the proof has nothing of that kind to change). */
const TAMPERS: Record<string, Tamper> = {
  salt: (p, pick) => {
    p.salt = flipHex(p.salt, pick);
    return true;
  },
  userId: (p) => {
    p.userId += 1;
    return true;
  },
  amount: (p, pick, delta) => {
    nudge(p.amounts, pick, delta);
    return true;
  },
  siblingHash: (p, pick) => {
    const step = p.path[pick % Math.max(1, p.path.length)];
    if (!step) return false;
    step.hash = flipHex(step.hash, pick);
    return true;
  },
  siblingSum: (p, pick, delta) => {
    const step = p.path[pick % Math.max(1, p.path.length)];
    if (!step) return false;
    nudge(step.sums, pick, delta);
    return true;
  },
  siblingSide: (p, pick) => {
    const step = p.path[pick % Math.max(1, p.path.length)];
    if (!step) return false;
    step.side = step.side === 'left' ? 'right' : 'left';
    return true;
  },
  dropStep: (p, pick) => p.path.splice(pick % Math.max(1, p.path.length), 1).length > 0,
  rootHash: (p, pick) => {
    p.root.hash = flipHex(p.root.hash, pick);
    return true;
  },
  rootSum: (p, pick, delta) => {
    nudge(p.root.sums, pick, delta);
    return true;
  },
};

describe('the verifier refuses a tampered proof', () => {
  it('any changed byte, sum, side or sibling fails', () => {
    fc.assert(
      fc.property(
        withPosition,
        fc.constantFrom(...Object.keys(TAMPERS)),
        fc.nat(),
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        ([balances, position], which, pick, delta) => {
          const proof = proofOf(balances, position);
          const changed = TAMPERS[which]?.(proof, pick, delta);
          fc.pre(changed === true);
          expect(verifyLiabilityProof(proof).ok).toBe(false);
        },
      ),
    );
  });

  it('a sibling with a negative sum fails even when its hash is recomputed to match', () => {
    // Two leaves: user 1 holds 10, user 2 claims -10 so the root would owe nothing.
    const salt1 = userSalt(SECRET, 1);
    const mine = leafNode(userCommitment(salt1, 1), [10n]);
    const proof = liabilityProof({
      snapshotId: 1,
      takenAt: 'x',
      lines: ['balance:CASH'],
      userId: 1,
      salt: salt1,
      amounts: [10n],
      path: [],
      root: mine,
    });
    proof.path.push({ side: 'right', hash: '22'.repeat(32), sums: ['-10'] });
    proof.root = { hash: 'aa'.repeat(32), sums: ['0'] };
    const verdict = verifyLiabilityProof(proof);
    expect(verdict.ok).toBe(false);
    expect(verdict.checks.find((c) => c.name === 'non-negative')?.ok).toBe(false);
  });

  it('a file that is not a proof says why', () => {
    expect(verifyLiabilityProof(null).checks[0]?.detail).toBe('not a JSON object');
    expect(verifyLiabilityProof({ kind: 'other' }).checks[0]?.name).toBe('format');
    const proof = proofOf([[1n, 2n, 3n]], 0);
    expect(verifyLiabilityProof({ ...proof, amounts: ['1', '2'] }).ok).toBe(false);
    expect(verifyLiabilityProof({ ...proof, salt: 'zz' }).ok).toBe(false);
  });
});

describe('encoding', () => {
  it('sums round-trip through 16 bytes each, and salts made in bulk equal userSalt', () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: (1n << 128n) - 1n }), { minLength: 1, maxLength: 8 }), (sums) => {
        expect(decodeSums(encodeSums(sums), 0, sums.length)).toEqual(sums);
      }),
    );
    expect(() => encodeSums([-1n])).toThrow(RangeError);
    expect(() => encodeSums([1n << 128n])).toThrow(RangeError);
    const bulk = saltsOf(SECRET);
    for (const id of [1, 2, 99, 123_456]) expect(bulk(id)).toEqual(userSalt(SECRET, id));
  });
});
