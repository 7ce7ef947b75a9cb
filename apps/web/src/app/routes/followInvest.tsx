import { FollowInvestScreen } from '../../features/followInvest/components/FollowInvestScreen';

export default function FollowInvestPage() {
  return <FollowInvestScreen />;
}
