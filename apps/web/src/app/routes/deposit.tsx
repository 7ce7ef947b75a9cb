import { DepositScreen } from '../../features/fixedDeposit/components/DepositScreen';

export default function DepositPage() {
  return <DepositScreen />;
}
