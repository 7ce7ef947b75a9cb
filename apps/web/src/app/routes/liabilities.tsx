import '../../styles/wallet.css';
import { LiabilitiesScreen } from '../../features/liabilities/components/LiabilitiesScreen';

/** Proof of liabilities (public: no login needed; the player's own inclusion when signed in). */
export default function LiabilitiesPage() {
  return <LiabilitiesScreen />;
}
