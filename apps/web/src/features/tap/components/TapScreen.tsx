import type { TapAnswer } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/QueryView';
import { useTapState } from '../api/tap';
import { canTap, energyOf, pointOf, tappedTodayOf } from '../tapper';
import { useTapper } from '../useTapper';

/** Tap-to-earn (from Home): POINT, the energy bar, the tap button and today's count against the cap. */
export function TapScreen() {
  const state = useTapState();
  return <QueryView query={state}>{(initial) => <Tapper initial={initial} />}</QueryView>;
}

function Tapper({ initial }: { initial: TapAnswer }) {
  const { t } = useTranslation();
  const { view, now, tap } = useTapper(initial);
  const energy = energyOf(view, now);
  const { maxEnergy, dailyCap, pointPerTap } = view.server;
  const tapped = tappedTodayOf(view);
  const capped = tapped >= dailyCap;
  return (
    <div className="stack tap-screen">
      <section className="card tap-balance">
        <span className="muted">POINT</span>
        <strong className="tap-point" data-testid="tap-point" dir="ltr">
          {pointOf(view)}
        </strong>
        <span className="muted">{t('tap.perTap', { point: pointPerTap })}</span>
      </section>
      <button
        type="button"
        className="tap-button"
        onClick={tap}
        disabled={!canTap(view, now)}
        aria-label={t('tap.button')}
        data-testid="tap-button"
      >
        <span aria-hidden="true">+{pointPerTap}</span>
      </button>
      <section className="card">
        <div className="tap-row">
          <span>{t('tap.energy')}</span>
          <span data-testid="tap-energy" dir="ltr">
            {energy} / {maxEnergy}
          </span>
        </div>
        <div
          className="tap-bar"
          role="progressbar"
          aria-label={t('tap.energy')}
          aria-valuemin={0}
          aria-valuemax={maxEnergy}
          aria-valuenow={energy}
        >
          <span style={{ width: `${(100 * energy) / maxEnergy}%` }} />
        </div>
        <div className="tap-row">
          <span>{t('tap.today')}</span>
          <span data-testid="tap-today" dir="ltr">
            {tapped} / {dailyCap}
          </span>
        </div>
        <p className="muted" role="status">
          {capped ? t('tap.capped') : energy === 0 ? t('tap.empty', { seconds: view.server.regenSeconds }) : t('tap.hint')}
        </p>
      </section>
    </div>
  );
}
