import { type GameLevel, type GameSessionProof, routes } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { ErrorBlock } from '../../../components/ErrorBlock';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { QueryView } from '../../../components/QueryView';
import { StatusBadge, type StatusTone } from '../../../components/StatusBadge';
import { isolate } from '../../../lib/bidi';
import { useNavigation } from '../../../lib/navigation';
import { useSessionProof } from '../api/proof';
import { useGameRooms } from '../api/rooms';
import { useGameSession } from '../api/session';
import { useRoomName } from '../roomName';
import { type CheckState, type ShownCheck, verifyProof } from '../verify';
import { Ball } from './Ball';
import { VoidSummaryCard } from './VoidSummaryCard';

const PERIOD_ID = /^\d{14}$/;

const toneOf: Record<CheckState, StatusTone> = { ok: 'good', fail: 'bad', external: 'wait', info: 'wait' };

/**
 * /pages/game/verify: anyone enters a period id (or comes from a history row,
 * ?periodId=), and the screen recomputes that result from published data with
 * the same routine as `npm run verify`, showing every check and the data. It
 * says in player words which beacon the game draws with now: with the local one
 * the operator could know results early, and the player is told so plainly.
 */
export function VerifyScreen({ initialPeriodId }: { initialPeriodId?: string | undefined }) {
  const { t } = useTranslation();
  const { redirectTo } = useNavigation();
  const start = initialPeriodId && PERIOD_ID.test(initialPeriodId) ? initialPeriodId : undefined;
  const [text, setText] = useState(initialPeriodId ?? '');
  const [periodId, setPeriodId] = useState(start);
  const [error, setError] = useState<string>();
  const proof = useSessionProof(periodId);
  const rooms = useGameRooms();

  const submit = () => {
    const value = text.trim();
    if (!PERIOD_ID.test(value)) {
      setError(t('verify.invalidPeriod'));
      return;
    }
    setError(undefined);
    setPeriodId(value);
    // The address names the period, so the check can be shared.
    if (value !== initialPeriodId) redirectTo(`${routes.gameVerify}?periodId=${value}`);
  };

  return (
    <div className="stack verify">
      <section className="card" aria-labelledby="verify-how">
        <h2 id="verify-how" className="card-title">
          {t('game.howResults')}
        </h2>
        <p className="verify-how">{t('verify.how')}</p>
        <BeaconModeNote />
        <p className="muted">{t('verify.yourself')}</p>
      </section>
      <VoidSummaryCard />
      <Form onSubmit={submit} className="card">
        <Field
          label={t('verify.periodId')}
          hint={t('verify.periodHint')}
          inputMode="numeric"
          autoComplete="off"
          dir="ltr"
          maxLength={14}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          data-testid="verify-period"
        />
        <ConfirmButton label={t('verify.submit')} pending={proof.isFetching} onConfirm={submit} testId="verify-submit" />
      </Form>
      {periodId && (
        <QueryView query={proof}>
          {(data) => <QueryView query={rooms}>{(list) => <ProofReport proof={data} rooms={list} />}</QueryView>}
        </QueryView>
      )}
    </div>
  );
}

/** Which beacon new sessions use, read from the first room's open session (every room uses the server's one beacon). */
function BeaconModeNote() {
  const { t } = useTranslation();
  const rooms = useGameRooms();
  const level = rooms.data?.find((room) => room.enableFlag)?.level;
  const session = useGameSession(level, false);
  const beacon = session.data?.beaconName;
  if (!beacon) return null;
  const local = beacon === 'local';
  return (
    <p className={local ? 'note verify-mode-local' : 'note'} data-testid="verify-mode" data-mode={local ? 'local' : 'public'}>
      {t(local ? 'verify.modeLocal' : 'verify.modePublic')}
    </p>
  );
}

function ProofReport({ proof, rooms }: { proof: GameSessionProof; rooms: GameLevel[] }) {
  const { t } = useTranslation();
  const roomName = useRoomName();
  const room = rooms.find((candidate) => candidate.level === proof.level);
  if (!room) return <ErrorBlock message={t('verify.notFound')} onRetry={() => window.location.reload()} />;
  const report = verifyProof(proof, { level: room.level, sessionSeconds: room.sessionSeconds, betCloseSeconds: room.betCloseSeconds });
  const verdict = proof.status === 'void' ? 'void' : !proof.seed ? 'notDrawn' : report.verified ? 'verified' : 'notVerified';
  const verdictText = {
    void: t('verify.voidSession'),
    notDrawn: t('verify.notDrawn'),
    verified: t('verify.verified'),
    notVerified: t('verify.notVerified'),
  }[verdict];
  return (
    <>
      <section className={`card verdict verdict-${verdict}`} aria-live="polite" data-testid="verify-verdict" data-verdict={verdict}>
        <Ball result={proof.lotteryResult} colours={proof.colours} size="l" />
        <div className="verdict-text">
          <strong>{verdictText}</strong>
          <span className="muted">
            <bdi>{roomName(room)}</bdi> · <bdi className="ltr-number">{proof.periodId}</bdi>
          </span>
        </div>
      </section>
      <section className="card" aria-labelledby="verify-checks">
        <h2 id="verify-checks" className="card-title">
          {t('verify.checks')}
        </h2>
        <ol className="checks" data-testid="verify-checks">
          {report.checks.map((check, index) => (
            <CheckRow key={`${check.key}-${index}`} check={check} />
          ))}
        </ol>
        {report.drand ? (
          <p className="note verify-note" data-testid="verify-drand-note">
            {t('verify.drandNote', { round: proof.beaconRound })}
          </p>
        ) : (
          <p className="note verify-note" data-testid="verify-local-note">
            {t('verify.localNote')}
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="verify-data">
        <h2 id="verify-data" className="card-title">
          {t('verify.data')}
        </h2>
        <dl className="proof-data">
          <Datum label={t('verify.room')} value={`${isolate(roomName(room))} (${room.level})`} text />
          <Datum label={t('game.period')} value={proof.periodId} />
          <Datum
            label={t('verify.result')}
            value={proof.lotteryResult === null ? '—' : String(proof.lotteryResult)}
            testId="verify-result"
          />
          <Datum
            label={t('verify.recomputed')}
            value={report.recomputed === undefined ? '—' : String(report.recomputed)}
            testId="verify-recomputed"
          />
          <Datum label={t('verify.seed')} value={proof.seed ?? '—'} hex />
          <Datum label={t('verify.commitment')} value={proof.commitment} hex />
          <Datum label={t('verify.beacon')} value={proof.beaconName} />
          <Datum label={t('verify.beaconRound')} value={String(proof.beaconRound)} />
          <Datum label={t('verify.beaconValue')} value={proof.beaconValue ?? '—'} hex />
          {proof.beaconSignature && <Datum label={t('verify.signature')} value={proof.beaconSignature} hex />}
          <Datum label={t('verify.chainAnchor')} value={proof.chainAnchor} hex testId="verify-anchor" />
          <Datum
            label={t('verify.chainPosition', { index: proof.chainIndex, length: proof.chainLength, id: proof.chainId })}
            value=""
            text
          />
        </dl>
      </section>
    </>
  );
}

function CheckRow({ check }: { check: ShownCheck }) {
  const { t } = useTranslation();
  // The check keys take different values, which i18next's key typing cannot match as a union; every key exists in all locales.
  const text = t as unknown as (key: `verify.${'check' | 'detail'}.${string}`, params: Record<string, string>) => string;
  const params = Object.fromEntries(Object.entries(check.params).map(([key, value]) => [key, isolate(String(value))]));
  const detailKey = check.key === 'seedRevealed' && check.params.void ? 'seedRevealedVoid' : check.key;
  // Nothing to check: a void session says so, one not drawn yet is pending.
  const stateText = check.state === 'info' && !check.params.void ? t('game.status.PENDING') : t(`verify.state.${check.state}`);
  return (
    <li className="verify-check" data-testid="verify-check" data-state={check.state}>
      <StatusBadge tone={toneOf[check.state]} testId="verify-check-state">
        {stateText}
      </StatusBadge>
      <div className="check-text">
        <span className="check-name">{text(`verify.check.${check.key}`, params)}</span>
        <span className="check-detail">{text(`verify.detail.${detailKey}`, params)}</span>
      </div>
    </li>
  );
}

function Datum({ label, value, hex, text, testId }: { label: string; value: string; hex?: boolean; text?: boolean; testId?: string }) {
  return (
    <div className={`datum ${hex ? 'datum-hex' : ''}`.trim()}>
      <dt>{label}</dt>
      {value && (
        <dd className={text ? 'datum-text' : 'ltr-number'} data-testid={testId}>
          {value}
        </dd>
      )}
    </div>
  );
}
