import { QueryView } from '../../components/QueryView';
import { useTeamInfo } from '../../features/team/api/getUserTeamInfo';
import { InvitePanel } from '../../features/team/components/InvitePanel';
import { TeamStats } from '../../features/team/components/TeamStats';
import { useUserInfo } from '../../lib/userInfo';

/** Orders (team) tab: the invitation code and link, then the team figures for levels 1 to 3. */
export default function TeamPage() {
  const user = useUserInfo();
  const team = useTeamInfo();
  return (
    <div className="stack">
      <QueryView query={user}>
        {(info) => <InvitePanel code={info.invitation} link={info.inviteLinkUrl} linked={info.telegramLinked} />}
      </QueryView>
      <QueryView query={team}>{(stats) => <TeamStats team={stats} />}</QueryView>
    </div>
  );
}
