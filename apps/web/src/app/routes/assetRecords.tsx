import '../../styles/wallet.css';
import { AssetRecordsScreen } from '../../features/records/components/AssetRecordsScreen';

export default function AssetRecordsPage() {
  return <AssetRecordsScreen />;
}
