import type { MyPlay } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { toSignedMinor } from '../../../lib/money';
import { formatPlayTime } from './playTime';

/**
 * The days the player bet in `coin`, newest first: the same figures as the chart, as a table
 * (the accessible alternative). Time in the game is the day's, whatever the coin.
 */
export function PlayTable({ play, coin }: { play: MyPlay; coin: string }) {
  const { t } = useTranslation();
  const rows = play.days
    .map((day) => ({ day, figures: day.coins.find((c) => c.coin === coin) }))
    .filter((row) => row.figures !== undefined)
    .reverse();
  return (
    <div className="play-table-wrap">
      <table className="odds-table play-table" data-testid="play-table">
        <caption className="visually-hidden">{t('myPlay.tableCaption', { coin })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('myPlay.date')}</th>
            <th scope="col">{t('myPlay.time')}</th>
            <th scope="col">{t('myPlay.bets')}</th>
            <th scope="col">{t('myPlay.won')}</th>
            <th scope="col">{t('myPlay.staked')}</th>
            <th scope="col">{t('myPlay.net')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ day, figures }) => {
            const net = toSignedMinor(figures?.net);
            return (
              <tr key={day.date} data-testid={`play-day-${day.date}`}>
                <th scope="row">
                  <bdi dir="ltr">{day.date}</bdi>
                </th>
                <td>{formatPlayTime(t, day.minutes)}</td>
                <td>{figures?.bets}</td>
                <td>{figures?.won}</td>
                <td>
                  <bdi dir="ltr">{figures?.staked}</bdi>
                </td>
                <td className={net > 0n ? 'amount-up' : net < 0n ? 'amount-down' : undefined}>
                  <bdi dir="ltr">{figures?.net}</bdi>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
