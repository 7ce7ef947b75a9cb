import type { TrendStreaks as Streaks, TrendStats } from '@prism/domain';
import { useTranslation } from 'react-i18next';

/** The current run and each value's longest run, of red/green and of big/small. */
export function TrendStreaks({ stats }: { stats: TrendStats }) {
  const { t } = useTranslation();
  return (
    <dl className="trend-streaks" data-testid="trend-streaks">
      <StreakRow label={t('trend.colourStreak')} streaks={stats.colour} testId="trend-streak-colour" />
      <StreakRow label={t('trend.sizeStreak')} streaks={stats.size} testId="trend-streak-size" />
    </dl>
  );
}

function StreakRow<V extends 'Red' | 'Green' | 'Big' | 'Small'>({
  label,
  streaks,
  testId,
}: {
  label: string;
  streaks: Streaks<V>;
  testId: string;
}) {
  const { t } = useTranslation();
  const longest = (Object.entries(streaks.longest) as [V, number][])
    .map(([value, length]) => t('trend.run', { value: t(`game.bet.${value}`), count: length }))
    .join(' · ');
  return (
    <div className="trend-streak" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        {streaks.current && (
          <span className="trend-streak-current">
            {t('trend.current', { run: t('trend.run', { value: t(`game.bet.${streaks.current.value}`), count: streaks.current.length }) })}
          </span>
        )}
        <span className="muted">{t('trend.longest', { runs: longest })}</span>
      </dd>
    </div>
  );
}

/**
 * Frequency and missing per number, as a table whose columns line up with the grid's (the header
 * row is the grid's number axis, 0-9 left to right in every language).
 */
export function TrendNumbers({ stats }: { stats: TrendStats }) {
  const { t } = useTranslation();
  return (
    <table className="trend-numbers" data-testid="trend-numbers">
      <caption className="visually-hidden">{t('trend.numbersCaption', { count: stats.draws })}</caption>
      <colgroup>
        <col className="trend-label-col" />
        {stats.numbers.map((row) => (
          <col key={row.number} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th scope="col">{t('trend.number')}</th>
          {stats.numbers.map((row) => (
            <th scope="col" key={row.number}>
              {row.number}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr data-testid="trend-frequency">
          <th scope="row">{t('trend.frequency')}</th>
          {stats.numbers.map((row) => (
            <td key={row.number}>{row.frequency}</td>
          ))}
        </tr>
        <tr data-testid="trend-missing">
          <th scope="row">{t('trend.missing')}</th>
          {/* Never drawn in the window: missing at least that long. */}
          {stats.numbers.map((row) => (
            <td key={row.number}>{row.frequency === 0 ? `${row.missing}+` : row.missing}</td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}
