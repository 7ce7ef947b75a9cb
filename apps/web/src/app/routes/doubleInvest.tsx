import '../../styles/wallet.css';
import '../../styles/power.css';
import { QueryView } from '../../components/QueryView';
import { usePowerCategories, useUserPower } from '../../features/power/api/power';
import { EntryCards } from '../../features/power/components/EntryCards';
import { Holdings } from '../../features/power/components/Holdings';
import { PackageList } from '../../features/power/components/PackageList';
import { PowerSummary } from '../../features/power/components/PowerSummary';

/** Task Platform tab (DoubleInvest): my power by kind, the packages by category, my holdings, the other earning products. */
export default function DoubleInvestPage() {
  const power = useUserPower();
  const categories = usePowerCategories();
  return (
    <div className="stack">
      <QueryView query={power}>{(data) => <PowerSummary power={data} />}</QueryView>
      <QueryView query={categories}>{(data) => <PackageList categories={data} />}</QueryView>
      <EntryCards />
      <QueryView query={power}>{(data) => <Holdings holdings={data.holdings} />}</QueryView>
    </div>
  );
}
