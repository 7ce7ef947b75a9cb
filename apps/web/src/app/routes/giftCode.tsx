import '../../styles/wallet.css';
import { GiftCodeScreen } from '../../features/giftCode/components/GiftCodeScreen';

export default function GiftCodePage() {
  return <GiftCodeScreen />;
}
