import { DepositFormScreen } from '../../features/fixedDeposit/components/DepositFormScreen';

export default function DepositFormPage() {
  return <DepositFormScreen />;
}
