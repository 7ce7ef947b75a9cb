import { usePrefetchQuery } from '@tanstack/react-query';
import { QueryView } from '../../components/QueryView';
import { checkInStatusQueryOptions } from '../../features/checkIn/api/checkIn';
import { CheckInCard } from '../../features/checkIn/components/CheckInCard';
import { BalancesCard } from '../../features/home/components/BalancesCard';
import { Greeting } from '../../features/home/components/Greeting';
import { Shortcuts } from '../../features/home/components/Shortcuts';
import { displayName } from '../../features/user/displayName';
import { useDemoMode } from '../../lib/config';
import { useUserInfo } from '../../lib/userInfo';

/** Home tab: greeting, balances (CHIP, GOLD, POINT, USDT), shortcuts and the daily sign-in. */
export default function HomePage() {
  const user = useUserInfo();
  // The sign-in card shows only once the user info is in: its request starts now, alongside, not after.
  usePrefetchQuery(checkInStatusQueryOptions());
  const demo = useDemoMode();
  return (
    <QueryView query={user} skeleton="balances">
      {(info) => (
        <div className="stack">
          <Greeting name={displayName(info)} demo={demo} />
          <BalancesCard balances={info} />
          <Shortcuts />
          <CheckInCard />
        </div>
      )}
    </QueryView>
  );
}
