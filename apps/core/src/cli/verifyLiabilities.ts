import { readFile } from 'node:fs/promises';
import { formatMoney, type LiabilityProof, verifyLiabilityProof } from '@prism/domain';

const LABEL = { true: 'OK  ', false: 'FAIL' } as const;

/**
 * `npm run verify -- liabilities <proof file>`: checks a proof of inclusion downloaded from the app
 * (Personal -> Proof of liabilities -> Download proof file) with nothing but the file: the leaf from
 * the user id, salt and amounts, every step up the path, the root's hash and sums, nothing below
 * zero (docs/liabilities.md). Answers the exit code (0 verified, 1 not, 2 unreadable) and the lines
 * to print.
 */
export async function verifyLiabilitiesFile(file: string | undefined): Promise<{ code: number; lines: string[] }> {
  if (!file) return { code: 2, lines: ['Usage: npm run verify -- liabilities <proof file (JSON, from the app)>'] };
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return { code: 2, lines: [`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`] };
  }
  const verdict = verifyLiabilityProof(value);
  const lines: string[] = [];
  if (verdict.checks[0]?.ok) {
    const proof = value as LiabilityProof;
    lines.push(`Snapshot ${proof.snapshotId} taken ${proof.takenAt}, user ${proof.userId}:`);
    proof.lines.forEach((line, i) => {
      lines.push(`  ${line}: ${formatMoney(BigInt(proof.amounts[i] ?? '0'))} of ${formatMoney(BigInt(proof.root.sums[i] ?? '0'))} in all`);
    });
  }
  for (const check of verdict.checks) lines.push(`${LABEL[`${check.ok}`]} ${check.name} (${check.detail})`);
  lines.push(
    verdict.ok
      ? 'verified: your balances are included in the totals of this root; compare the root with the one the platform published'
      : 'NOT verified: this file does not prove your inclusion',
  );
  return { code: verdict.ok ? 0 : 1, lines };
}
