import { REBATE_TIERS, type TeamInfo, type TeamLevelStats } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { PagedList } from '../../../components/PagedList';
import { Stat } from '../../../components/Stat';
import { Tabs } from '../../../components/Tabs';
import { formatAmount } from '../../../lib/money';
import { useTeamMembers } from '../api/getTeamMembers';

/** A level's row, zeros when the server has no figures for it. */
function levelOf(team: TeamInfo, level: number): TeamLevelStats {
  return (
    team.levels.find((entry) => entry.level === level) ?? {
      level,
      memberNumber: 0,
      effectiveNumber: 0,
      rechargeUserNumber: 0,
      rechargeAmount: '0',
      totalBetAmount: '0',
      stakingAmount: '0',
      contributionAmount: '0',
    }
  );
}

/** The members of one level, 20 to a page. */
function MemberList() {
  const { t } = useTranslation();
  const [level, setLevel] = useState<'1' | '2' | '3'>('1');
  const members = useTeamMembers(Number(level));
  const items = REBATE_TIERS.map((n) => ({ key: String(n) as '1' | '2' | '3', label: t('team.level', { level: n }) }));
  return (
    <Card title={t('team.memberList')}>
      <Tabs label={t('team.memberList')} items={items} value={level} onChange={setLevel}>
        <PagedList query={members} empty={t('team.noMembers')} label={t('team.memberList')} testId={`team-members-${level}`}>
          {(member) => (
            <div className="member">
              <span>{member.nickName || member.phone}</span>
              <span className="muted">{member.createDateTime.slice(0, 10)}</span>
            </div>
          )}
        </PagedList>
      </Tabs>
    </Card>
  );
}

export function TeamStats({ team }: { team: TeamInfo }) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t('team.summary')}>
        <div className="stats-grid">
          <Stat label={t('team.directNumber')} value={team.directNumber} testId="team-direct-number" />
          <Stat label={t('team.directRechargeUsers')} value={team.directRechargeUserNumber} />
          <Stat label={t('team.directRecharge')} value={formatAmount(team.directRecharge)} testId="team-direct-recharge" />
          <Stat label={t('team.directBet')} value={formatAmount(team.directTotalBetAmount)} testId="team-direct-bet" />
          <Stat label={t('team.directStaking')} value={formatAmount(team.directStakingAmount)} />
          <Stat label={t('team.teamNumber')} value={team.teamNumber} testId="team-number" />
          <Stat label={t('team.teamRechargeUsers')} value={team.teamRechargeUserNumber} />
          <Stat label={t('team.teamRecharge')} value={formatAmount(team.teamRecharge)} />
          <Stat label={t('team.teamBet')} value={formatAmount(team.teamTotalBetAmount)} />
          <Stat label={t('team.teamStaking')} value={formatAmount(team.teamStakingAmount)} />
          <Stat label={t('team.contribution')} value={formatAmount(team.contributionAmount)} testId="team-contribution" />
        </div>
      </Card>
      <Card title={t('team.levels')}>
        {REBATE_TIERS.map((level) => {
          const row = levelOf(team, level);
          return (
            <div key={level} className="level-row" data-testid={`team-level-${level}`}>
              <h3 className="level-title">{t('team.level', { level })}</h3>
              <div className="stats-grid stats-grid-small">
                <Stat label={t('team.members')} value={row.memberNumber} />
                <Stat label={t('team.effective')} value={row.effectiveNumber} />
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
          <Stat label={t('team.betRebate')} value={formatAmount(team.betRebate)} />
          <Stat label={t('team.rechargeRebate')} value={formatAmount(team.rechargeRebate)} />
          <Stat label={t('team.registerRebate')} value={formatAmount(team.registerRebate)} />
        </div>
      </Card>
      <Card title={t('team.rates')}>
        <table className="rates" data-testid="team-rates">
          <thead>
            <tr>
              <th scope="col">{t('team.rateLevel')}</th>
              <th scope="col">{t('team.betRebate')}</th>
              <th scope="col">{t('team.rechargeRebate')}</th>
              <th scope="col">{t('team.registerRebate')}</th>
            </tr>
          </thead>
          <tbody>
            {team.rates.map((rate) => (
              <tr key={rate.level}>
                <th scope="row">{t('team.level', { level: rate.level })}</th>
                <td>{rate.betRate}</td>
                <td>{rate.rechargeRate}</td>
                <td>{formatAmount(rate.registerReward)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">{t('team.ratesHint')}</p>
      </Card>
      <MemberList />
    </>
  );
}
