import type { GameLevel } from '@prism/domain';
import { useTranslation } from 'react-i18next';

/**
 * Odds and return to player (docs/protection.md, "What the player is shown"), as the room publishes them: what
 * each kind of bet pays, the fee on its own line, and the return to player.
 */
export function OddsCard({ room }: { room: Pick<GameLevel, 'odds' | 'returnToPlayer'> }) {
  const { t } = useTranslation();
  const rtp = room.returnToPlayer;
  const rows: { key: string; bet: string; pays: string; rtp: string | undefined; note?: string }[] = [
    {
      key: 'colour',
      bet: t('game.oddsColour'),
      pays: room.odds.colour,
      rtp: rtp.Red ?? rtp.Green,
      note: t('game.oddsColourNote', { odds: room.odds.colourOnViolet }),
    },
    { key: 'violet', bet: t('game.oddsViolet'), pays: room.odds.violet, rtp: rtp.Violet },
    { key: 'number', bet: t('game.oddsNumber'), pays: room.odds.number, rtp: rtp.number },
    { key: 'size', bet: t('game.oddsSize'), pays: room.odds.size, rtp: rtp.Big ?? rtp.Small },
  ];
  return (
    <section className="card odds-card" aria-labelledby="odds-title" data-testid="game-odds">
      <h2 id="odds-title" className="card-title">
        {t('game.odds')}
      </h2>
      <table className="odds-table">
        <thead>
          <tr>
            <th scope="col">{t('game.oddsBet')}</th>
            <th scope="col">{t('game.oddsPays')}</th>
            <th scope="col">{t('game.oddsRtp')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid={`odds-${row.key}`}>
              <th scope="row">
                {row.bet}
                {row.note && <span className="odds-note">{row.note}</span>}
              </th>
              <td className="ltr-number">{row.pays}</td>
              <td className="ltr-number">{row.rtp ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="odds-fee" data-testid="game-fee">
        {t('game.fee', { fee: room.odds.fee })}
      </p>
      <p className="muted">{t('game.feeNote')}</p>
      <p className="muted">{t('game.colourRules')}</p>
    </section>
  );
}
