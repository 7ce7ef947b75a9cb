import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSumTree, LIABILITY_LINES, leafNode, liabilityProof, pathOf, rootOf, userCommitment, userSalt } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLiabilitiesFile } from './verifyLiabilities';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prism-liabilities-verify-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A proof file as the app downloads it: user 2 of three players. */
function proofFile() {
  const secret = new Uint8Array(32).fill(7);
  const amounts = [
    [100n, 0n, 5n, 0n, 0n, 0n, 0n],
    [250_050n, 10n, 0n, 0n, 0n, 250_050n, 0n],
    [1n, 2n, 3n, 4n, 5n, 6n, 7n],
  ];
  const levels = buildSumTree(amounts.map((a, i) => leafNode(userCommitment(userSalt(secret, i + 1), i + 1), a)));
  return liabilityProof({
    snapshotId: 3,
    takenAt: '2026-11-27T00:00:00.000Z',
    lines: LIABILITY_LINES,
    userId: 2,
    salt: userSalt(secret, 2),
    amounts: amounts[1] as bigint[],
    path: pathOf(levels, 1),
    root: rootOf(levels, LIABILITY_LINES.length),
  });
}

async function fileWith(name: string, content: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  return file;
}

describe('npm run verify -- liabilities <file>', () => {
  it('a proof from the app verifies, in plain words', async () => {
    const { code, lines } = await verifyLiabilitiesFile(await fileWith('good.json', proofFile()));
    expect(code).toBe(0);
    expect(lines[0]).toBe('Snapshot 3 taken 2026-11-27T00:00:00.000Z, user 2:');
    expect(lines).toContain('  balance:CASH: 2500.50 of 2501.51 in all');
    expect(lines.at(-1)).toMatch(/^verified: your balances are included/);
  });

  it('a changed amount, sibling sum or root fails; a broken file says why', async () => {
    const amount = proofFile();
    amount.amounts[0] = '999999999';
    expect((await verifyLiabilitiesFile(await fileWith('amount.json', amount))).code).toBe(1);
    const sibling = proofFile();
    sibling.path[0]?.sums.splice(0, 1, '0');
    const failed = await verifyLiabilitiesFile(await fileWith('sibling.json', sibling));
    expect(failed.code).toBe(1);
    expect(failed.lines.at(-1)).toBe('NOT verified: this file does not prove your inclusion');
    const negative = proofFile();
    negative.path[0]?.sums.splice(0, 1, '-100');
    expect((await verifyLiabilitiesFile(await fileWith('negative.json', negative))).lines).toContain(
      'FAIL non-negative (step 1 of the path has a sum below zero)',
    );
    expect((await verifyLiabilitiesFile(await fileWith('broken.json', '{not json'))).code).toBe(2);
    expect((await verifyLiabilitiesFile(path.join(dir, 'missing.json'))).code).toBe(2);
    expect((await verifyLiabilitiesFile(undefined)).code).toBe(2);
  });

  it('the npm script runs it and exits 0 for a good file, 1 for a tampered one', async () => {
    const cli = (file: string) => run(path.resolve('node_modules/.bin/tsx'), ['apps/core/src/cli/verify.ts', 'liabilities', file]);
    const { stdout } = await cli(await fileWith('cli.json', proofFile()));
    expect(stdout).toContain('OK   root hash');
    const tampered = proofFile();
    tampered.root.hash = 'f'.repeat(64);
    await expect(cli(await fileWith('cli-bad.json', tampered))).rejects.toMatchObject({ code: 1 });
  });
});
