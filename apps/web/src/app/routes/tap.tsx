import { TapScreen } from '../../features/tap/components/TapScreen';

export default function TapPage() {
  return <TapScreen />;
}
