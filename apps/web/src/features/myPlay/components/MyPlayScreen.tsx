import './myPlay.css';
import { type MyPlay, routes } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { QueryView } from '../../../components/QueryView';
import { Stat } from '../../../components/Stat';
import { Tabs } from '../../../components/Tabs';
import { toSignedMinor } from '../../../lib/money';
import { useNavigation } from '../../../lib/navigation';
import { useMyPlay } from '../api/myPlay';
import { PlayChart } from './PlayChart';
import { PlayTable } from './PlayTable';
import { formatPlayTime } from './playTime';

/**
 * My play (docs/protection.md): the player's own last 30 days per day and coin, from the figures
 * the game keeps: the month's totals, the net result per day as a chart, and the same as a table.
 */
export function MyPlayScreen() {
  const { t } = useTranslation();
  const play = useMyPlay();
  const { navigateTo } = useNavigation();
  return (
    <div className="stack" data-testid="my-play-screen">
      <p className="field-hint">{t('myPlay.intro')}</p>
      <QueryView query={play} skeleton="list">
        {(current) => (
          <>
            {current.coins.length === 0 ? <EmptyState message={t('myPlay.empty')} /> : <Played play={current} />}
            <p className="field-hint" data-testid="play-time-rule">
              {t('myPlay.timeRule', { minutes: current.minutesPerQuarter, zone: current.timeZone })}
            </p>
          </>
        )}
      </QueryView>
      <button type="button" className="btn btn-ghost" onClick={() => navigateTo(routes.protection)}>
        {t('myPlay.protection')}
      </button>
    </div>
  );
}

function Played({ play }: { play: MyPlay }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState(play.coins[0] as string);
  const coin = play.coins.includes(chosen) ? chosen : (play.coins[0] as string);
  const body = (
    <>
      <Totals play={play} coin={coin} />
      <Card title={t('myPlay.chart', { coin })}>
        <PlayChart play={play} coin={coin} />
      </Card>
      <Card title={t('myPlay.table')}>
        <PlayTable play={play} coin={coin} />
      </Card>
    </>
  );
  if (play.coins.length < 2) return body;
  return (
    <Tabs label={t('myPlay.coin')} items={play.coins.map((key) => ({ key, label: key }))} value={coin} onChange={setChosen}>
      {body}
    </Tabs>
  );
}

function Totals({ play, coin }: { play: MyPlay; coin: string }) {
  const { t } = useTranslation();
  const totals = play.totals.coins.find((c) => c.coin === coin);
  const net = toSignedMinor(totals?.net);
  return (
    <Card title={t('myPlay.totals', { days: play.days.length })}>
      <div className="stats-grid" data-testid="play-totals">
        <Stat label={t('myPlay.time')} value={formatPlayTime(t, play.totals.minutes)} testId="play-total-time" />
        <Stat label={t('myPlay.bets')} value={totals?.bets ?? 0} testId="play-total-bets" />
        <Stat label={t('myPlay.won')} value={totals?.won ?? 0} testId="play-total-won" />
        <Stat label={t('myPlay.staked')} value={totals?.staked ?? '0.00'} testId="play-total-staked" />
        <Stat label={t('myPlay.paidOut')} value={totals?.paidOut ?? '0.00'} />
        <Stat
          label={t('myPlay.net')}
          value={totals?.net ?? '0.00'}
          testId="play-total-net"
          tone={net > 0n ? 'up' : net < 0n ? 'down' : undefined}
        />
      </div>
    </Card>
  );
}
