import { formatMoney, type LiabilityProof, lineParts, type ProofVerdict, verifyLiabilityProof } from '@prism/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { PageLoading } from '../../../components/PageLoading';
import { errorMessage } from '../../../lib/api';
import { useMyLiabilityProof } from '../api/liabilities';

/** Offers the proof as the file `npm run verify -- liabilities <file>` reads. */
function download(proof: LiabilityProof) {
  const blob = new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `prism-liabilities-proof-${proof.snapshotId}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** "My inclusion": the signed-in player's leaf, path and root, verified here in the browser with the same code as `npm run verify`. */
export function MyInclusion({ snapshotId, publishedRoot }: { snapshotId: number; publishedRoot: string }) {
  const { t } = useTranslation();
  const { signedIn, query } = useMyLiabilityProof(snapshotId);
  if (!signedIn) return <p className="field-hint">{t('liabilities.signInToVerify')}</p>;
  let body: ReactNode;
  if (query.isPending) body = <PageLoading />;
  else if (query.isError) body = <ErrorBlock message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  else if (!query.data.proof) body = <p data-testid="liabilities-not-included">{t(`liabilities.${query.data.reason ?? 'notIncluded'}`)}</p>;
  else body = <ProofView proof={query.data.proof} publishedRoot={publishedRoot} />;
  return <Card title={t('liabilities.mine')}>{body}</Card>;
}

function ProofView({ proof, publishedRoot }: { proof: LiabilityProof; publishedRoot: string }) {
  const { t } = useTranslation();
  const lineLabel = (line: string) => {
    const { kind, coin } = lineParts(line);
    return kind === 'inFlight' ? t('liabilities.line.inFlight', { coin }) : t('liabilities.line.balance', { coin });
  };
  const [verdict, setVerdict] = useState<ProofVerdict | null>(null);
  const matchesPublished = proof.root.hash === publishedRoot;
  return (
    <div className="stack" data-testid="liabilities-proof">
      <table className="rates">
        <tbody>
          {proof.lines.map((line, i) => (
            <tr key={line}>
              <th scope="row">{lineLabel(line)}</th>
              <td dir="ltr">{formatMoney(BigInt(proof.amounts[i] ?? '0'))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field-hint">{t('liabilities.salt')}</p>
      <p className="address">{proof.salt}</p>
      <details>
        <summary>{t('liabilities.path', { count: proof.path.length })}</summary>
        <ol className="stack" dir="ltr">
          {proof.path.map((step, i) => (
            <li key={`${i}-${step.hash}`} className="address">
              {step.side} {step.hash}
            </li>
          ))}
        </ol>
      </details>
      <p className="field-hint">{t('liabilities.root')}</p>
      <p className="address">{proof.root.hash}</p>
      <div className="row-actions">
        <button
          type="button"
          className="btn btn-primary"
          data-testid="liabilities-verify"
          onClick={() => setVerdict(verifyLiabilityProof(proof))}
        >
          {t('liabilities.verify')}
        </button>
        <button type="button" className="btn" data-testid="liabilities-download" onClick={() => download(proof)}>
          {t('liabilities.download')}
        </button>
      </div>
      {verdict && (
        <div role="status" data-testid="liabilities-verdict">
          <p>{verdict.ok && matchesPublished ? t('liabilities.verified') : t('liabilities.notVerified')}</p>
          <ul dir="ltr">
            {verdict.checks.map((check) => (
              <li key={check.name}>
                {check.ok ? '✓' : '✗'} {check.name}
              </li>
            ))}
            <li>
              {matchesPublished ? '✓' : '✗'} {t('liabilities.samePublished')}
            </li>
          </ul>
        </div>
      )}
      <p className="muted">{t('liabilities.cliHint')}</p>
    </div>
  );
}
