import type { BankCardView, WalletView } from '@prism/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { BankCards } from './BankCards';
import { UsdtAddresses } from './UsdtAddresses';

/** /pages/bankCard/bankCard: where withdrawals go, bank cards for CASH and addresses for USDT. */
export function BankCardScreen({ cards, wallets }: { cards: UseQueryResult<BankCardView[]>; wallets: UseQueryResult<WalletView[]> }) {
  return (
    <div className="stack">
      <BankCards cards={cards} />
      <UsdtAddresses wallets={wallets} />
    </div>
  );
}
