import { OrdersScreen } from '../../features/followInvest/components/OrdersScreen';

export default function FollowInvestOrdersPage() {
  return <OrdersScreen />;
}
