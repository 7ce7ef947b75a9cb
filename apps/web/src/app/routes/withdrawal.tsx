import '../../styles/wallet.css';
import { QueryView } from '../../components/QueryView';
import { useBankCards } from '../../features/bank/api/bankCards';
import { useWallets } from '../../features/bank/api/wallets';
import { WithdrawScreen } from '../../features/withdraw/components/WithdrawScreen';
import type { PageProps } from '../../lib/query';
import { useUserInfo } from '../../lib/userInfo';

/** Withdrawal: the user's balances and the destinations (bank cards, USDT addresses) feed the withdraw screen. */
export default function WithdrawalPage({ query }: PageProps) {
  const user = useUserInfo();
  const cards = useBankCards();
  const wallets = useWallets();
  return (
    <QueryView query={user} skeleton="form">
      {(info) => <WithdrawScreen user={info} cards={cards} wallets={wallets} initialTab={query.tab} />}
    </QueryView>
  );
}
