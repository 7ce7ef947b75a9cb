import '../../styles/wallet.css';
import { RechargeScreen } from '../../features/recharge/components/RechargeScreen';
import type { PageProps } from '../../lib/query';
import { useUserInfo } from '../../lib/userInfo';

/** Recharge: ?orderNo= shows the payment just made (with the balance now), ?tab=usdt opens the Usdt tab. */
export default function RechargePage({ query }: PageProps) {
  const user = useUserInfo();
  return <RechargeScreen orderNo={query.orderNo} initialTab={query.tab} cashBalance={user.data?.cash} />;
}
