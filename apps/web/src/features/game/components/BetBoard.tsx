import { type BetName, coloursOf, type GameLevel, type GameResult, NUMBER_BETS } from '@prism/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../lib/bidi';
import { useBetLabel } from '../betLabel';
import { ballClass } from './Ball';

/**
 * The choices: Green, Violet, Red; the numbers 0-9 in their colours; Big and
 * Small, each with what it pays. Tapping one opens the bet sheet. While
 * betting is closed the choices are disabled and say why.
 */
type Choose = (bet: BetName) => void;

export const BetBoard = memo(function BetBoard({
  room,
  open,
  onChoose,
}: {
  room: Pick<GameLevel, 'odds'>;
  open: boolean;
  onChoose: Choose;
}) {
  const { t } = useTranslation();
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
      <ColourBets odds={room.odds} open={open} onChoose={onChoose} />
      <NumberBets odds={room.odds} open={open} onChoose={onChoose} />
      <SizeBets odds={room.odds} open={open} onChoose={onChoose} />
    </section>
  );
});

type GroupProps = { odds: GameLevel['odds']; open: boolean; onChoose: Choose };

/** A bet with what it pays beside its name (colours, sizes). */
function PayingBet({ bet, pays, onChoose }: { bet: BetName; pays: string; onChoose: Choose }) {
  const label = useBetLabel();
  return (
    <button type="button" className={`bet-button bet-${bet.toLowerCase()}`} onClick={() => onChoose(bet)} data-testid={`bet-choice-${bet}`}>
      <span>{label(bet)}</span>
      <span className="bet-pays ltr-number">{pays}</span>
    </button>
  );
}

function ColourBets({ odds, open, onChoose }: GroupProps) {
  const { t } = useTranslation();
  const colourBets: { bet: BetName; pays: string }[] = [
    { bet: 'Green', pays: odds.colour },
    { bet: 'Violet', pays: odds.violet },
    { bet: 'Red', pays: odds.colour },
  ];
  return (
    <fieldset className="bet-group" disabled={!open}>
      <legend className="visually-hidden">{t('game.colours')}</legend>
      <div className="colour-bets">
        {colourBets.map(({ bet, pays }) => (
          <PayingBet key={bet} bet={bet} pays={pays} onChoose={onChoose} />
        ))}
      </div>
    </fieldset>
  );
}

function NumberBets({ odds, open, onChoose }: GroupProps) {
  const { t } = useTranslation();
  const label = useBetLabel();
  return (
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
        {t('game.bet.number', { n: isolate('0-9') })} · <bdi className="ltr-number">{odds.number}</bdi>
      </p>
    </fieldset>
  );
}

function SizeBets({ odds, open, onChoose }: GroupProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="bet-group" disabled={!open}>
      <legend className="visually-hidden">{t('game.sizes')}</legend>
      <div className="size-bets">
        {(['Big', 'Small'] as const).map((bet) => (
          <PayingBet key={bet} bet={bet} pays={odds.size} onChoose={onChoose} />
        ))}
      </div>
    </fieldset>
  );
}
