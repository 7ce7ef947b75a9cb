import { TransferOutScreen } from '../../features/fixedDeposit/components/TransferOutScreen';
import type { PageProps } from '../../lib/query';

export default function DepositOutFormPage({ query }: PageProps) {
  return <TransferOutScreen id={Number(query.id)} />;
}
