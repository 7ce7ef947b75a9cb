import { type BetName, coloursOf, type GameLevel, type GameResult, NUMBER_BETS } from '@prism/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../lib/bidi';
import { ballClass } from './Ball';

/** How a bet is named on screen: "Red", "Big", "Number 7". */
export function useBetLabel(): (bet: BetName) => string {
  const { t } = useTranslation();
  return (bet) =>
    /^\d$/.test(bet) ? t('game.bet.number', { n: bet }) : t(`game.bet.${bet as 'Red' | 'Green' | 'Violet' | 'Big' | 'Small'}`);
}

/**
 * The choices: Green, Violet, Red; the numbers 0-9 in their colours; Big and
 * Small, each with what it pays. Tapping one opens the bet sheet. While
 * betting is closed the choices are disabled and say why.
 */
export const BetBoard = memo(function BetBoard({
  room,
  open,
  onChoose,
}: {
  room: Pick<GameLevel, 'odds'>;
  open: boolean;
  onChoose: (bet: BetName) => void;
}) {
  const { t } = useTranslation();
  const label = useBetLabel();
  const colourBets: { bet: BetName; pays: string }[] = [
    { bet: 'Green', pays: room.odds.colour },
    { bet: 'Violet', pays: room.odds.violet },
    { bet: 'Red', pays: room.odds.colour },
  ];
  return (
    <section className="card bet-board" aria-labelledby="bet-board-title" data-testid="bet-board">
      <h2 id="bet-board-title" className="card-title">
        {t('game.placeBet')}
      </h2>
      {!open && (
        <p className="note bet-closed" role="status" data-testid="betting-closed">
          {t('game.closedNote')}
        </p>
      )}
      <fieldset className="bet-group" disabled={!open}>
        <legend className="visually-hidden">{t('game.colours')}</legend>
        <div className="colour-bets">
          {colourBets.map(({ bet, pays }) => (
            <button
              key={bet}
              type="button"
              className={`bet-button bet-${bet.toLowerCase()}`}
              onClick={() => onChoose(bet)}
              data-testid={`bet-choice-${bet}`}
            >
              <span>{label(bet)}</span>
              <span className="bet-pays ltr-number">{pays}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <fieldset className="bet-group" disabled={!open}>
        <legend className="visually-hidden">{t('game.numbers')}</legend>
        <div className="number-bets">
          {NUMBER_BETS.map((bet) => (
            <button
              key={bet}
              type="button"
              className={`${ballClass(coloursOf(Number(bet) as GameResult))} ball-m number-bet`}
              aria-label={label(bet)}
              onClick={() => onChoose(bet)}
              data-testid={`bet-choice-${bet}`}
            >
              {bet}
            </button>
          ))}
        </div>
        <p className="muted bet-note">
          {t('game.bet.number', { n: isolate('0-9') })} · <bdi className="ltr-number">{room.odds.number}</bdi>
        </p>
      </fieldset>
      <fieldset className="bet-group" disabled={!open}>
        <legend className="visually-hidden">{t('game.sizes')}</legend>
        <div className="size-bets">
          {(['Big', 'Small'] as const).map((bet) => (
            <button
              key={bet}
              type="button"
              className={`bet-button bet-${bet.toLowerCase()}`}
              onClick={() => onChoose(bet)}
              data-testid={`bet-choice-${bet}`}
            >
              <span>{label(bet)}</span>
              <span className="bet-pays ltr-number">{room.odds.size}</span>
            </button>
          ))}
        </div>
      </fieldset>
    </section>
  );
});
