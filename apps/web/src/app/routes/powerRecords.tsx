import '../../styles/wallet.css';
import { PowerRecords } from '../../features/power/components/PowerRecords';

/** Power records: purchases, gifts given and received, maturities. */
export default function PowerRecordsPage() {
  return (
    <div className="stack">
      <PowerRecords />
    </div>
  );
}
