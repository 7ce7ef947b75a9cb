import type { GameSessionResult } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { previousDrawString, previousDraws } from '../strip';
import { Ball } from './Ball';

/** The previous-draw strip: the room's first 5 results, newest first. */
export function DrawStrip({ results }: { results: readonly GameSessionResult[] | undefined }) {
  const { t } = useTranslation();
  const balls = previousDraws(results);
  return (
    <section className="draw-strip" aria-label={t('game.previousDraws')} data-testid="draw-strip">
      <span className="draw-strip-label">{t('game.previousDraws')}</span>
      {results === undefined ? null : balls.length === 0 ? (
        <span className="muted">{t('game.noDraws')}</span>
      ) : (
        <>
          <span className="visually-hidden">{t('game.previousDrawsSummary', { results: previousDrawString(results) })}</span>
          <ol className="draw-balls" aria-hidden="true">
            {balls.map((ball) => (
              <li key={ball.id}>
                <Ball result={ball.lotteryResult} colours={ball.colours} size="s" />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
