import '../../styles/wallet.css';
import { useBankCards } from '../../features/bank/api/bankCards';
import { useWallets } from '../../features/bank/api/wallets';
import { BankCardScreen } from '../../features/bank/components/BankCardScreen';

export default function BankCardPage() {
  const cards = useBankCards();
  const wallets = useWallets();
  return <BankCardScreen cards={cards} wallets={wallets} />;
}
