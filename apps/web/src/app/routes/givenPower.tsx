import '../../styles/wallet.css';
import '../../styles/power.css';
import { QueryView } from '../../components/QueryView';
import { usePowerCategories } from '../../features/power/api/power';
import { GivePowerForm } from '../../features/power/components/GivePowerForm';
import { PowerRecords } from '../../features/power/components/PowerRecords';

/** Gift power: give a package to another user, then the power records (gifts given and received among them). */
export default function GivenPowerPage() {
  const categories = usePowerCategories();
  return (
    <div className="stack">
      <QueryView query={categories}>{(data) => <GivePowerForm sessions={data.flatMap((c) => c.list)} />}</QueryView>
      <PowerRecords />
    </div>
  );
}
