import { useEndSession } from '../../features/auth/endSession';
import { MyDataScreen } from '../../features/myData/components/MyDataScreen';

/** Personal -> My data: download my data, delete my account (then the session ends: back to the entry page). */
export default function MyDataPage() {
  const endSession = useEndSession();
  return <MyDataScreen onDeleted={endSession} />;
}
