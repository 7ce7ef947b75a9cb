import type { TrendDraw } from '@prism/domain';
import { useTranslation } from 'react-i18next';

/** The grid's draws as a plain table: what a screen reader reads (and anyone who prefers it). */
export function TrendTable({ draws }: { draws: TrendDraw[] }) {
  const { t } = useTranslation();
  return (
    <table className="trend-table" data-testid="trend-table">
      <caption className="visually-hidden">{t('trend.tableCaption', { count: draws.length })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('game.period')}</th>
          <th scope="col">{t('trend.number')}</th>
          <th scope="col">{t('trend.colour')}</th>
          <th scope="col">{t('trend.size')}</th>
        </tr>
      </thead>
      <tbody>
        {draws.map((draw) => (
          <tr key={draw.periodId}>
            <th scope="row" className="ltr-number">
              {draw.periodId}
            </th>
            <td>{draw.number}</td>
            <td>{draw.colours.map((colour) => t(`game.bet.${colour}`)).join(' · ')}</td>
            <td>{t(`game.bet.${draw.size}`)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
