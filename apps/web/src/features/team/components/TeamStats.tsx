import { REBATE_LEVELS, type TeamInfo, type TeamLevelStats } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { EmptyState } from '../../../components/EmptyState';
import { formatAmount } from '../../../lib/money';

function Stat({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="stat" data-testid={testId}>
      <span className="stat-value">{value}</span>
      <span className="stat-label">{label}</span>
    </div>
  );
}

/** A level's row, zeros when the server has no figures for it yet. */
function levelOf(team: TeamInfo, level: number): TeamLevelStats {
  return (
    team.levels.find((entry) => entry.level === level) ?? {
      level,
      memberNumber: 0,
      rechargeUserNumber: 0,
      rechargeAmount: '0',
      totalBetAmount: '0',
      stakingAmount: '0',
      contributionAmount: '0',
    }
  );
}

export function TeamStats({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t('team.summary')}>
        <div className="stats-grid">
          <Stat label={t('team.directNumber')} value={team.directNumber} testId="team-direct-number" />
          <Stat label={t('team.teamNumber')} value={team.teamNumber} testId="team-number" />
          <Stat label={t('team.directRechargeUsers')} value={team.directRechargeUserNumber} />
          <Stat label={t('team.directRecharge')} value={formatAmount(team.directRecharge)} />
          <Stat label={t('team.directBet')} value={formatAmount(team.directTotalBetAmount)} />
          <Stat label={t('team.teamRechargeUsers')} value={team.teamRechargeUserNumber} />
          <Stat label={t('team.teamRecharge')} value={formatAmount(team.teamRecharge)} />
          <Stat label={t('team.teamBet')} value={formatAmount(team.teamTotalBetAmount)} />
        </div>
      </Card>
      <Card title={t('team.levels')}>
        {REBATE_LEVELS.map((level) => {
          const row = levelOf(team, level);
          return (
            <div key={level} className="level-row" data-testid={`team-level-${level}`}>
              <h3 className="level-title">{t('team.level', { level })}</h3>
              <div className="stats-grid stats-grid-small">
                <Stat label={t('team.members')} value={row.memberNumber} />
                <Stat label={t('team.rechargeUsers')} value={row.rechargeUserNumber} />
                <Stat label={t('team.rechargeAmount')} value={formatAmount(row.rechargeAmount)} />
                <Stat label={t('team.betAmount')} value={formatAmount(row.totalBetAmount)} />
                <Stat label={t('team.stakingAmount')} value={formatAmount(row.stakingAmount)} />
                <Stat label={t('team.contribution')} value={formatAmount(row.contributionAmount)} />
              </div>
            </div>
          );
        })}
        <div className="rebates">
          <Stat label={t('team.betRebate')} value={team.betRebate} />
          <Stat label={t('team.rechargeRebate')} value={team.rechargeRebate} />
          <Stat label={t('team.registerRebate')} value={team.registerRebate} />
        </div>
      </Card>
      <Card title={t('team.directList')}>
        {team.directUserList.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="member-list">
            {team.directUserList.map((member) => (
              <li key={member.id} className="member">
                <span>{member.nickName || member.phone}</span>
                <span className="muted">{member.createDateTime.slice(0, 10)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </>
  );
}
