import { PaymentPasswordScreen } from '../../features/settings/components/PaymentPasswordScreen';

export default function PaymentPasswordPage() {
  return <PaymentPasswordScreen />;
}
