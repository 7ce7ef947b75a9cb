import '../../styles/wallet.css';
import { ProtectionScreen } from '../../features/protection/components/ProtectionScreen';

export default function ProtectionPage() {
  return <ProtectionScreen />;
}
