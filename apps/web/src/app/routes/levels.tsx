import { LevelsScreen } from '../../features/level/components/LevelsScreen';

export default function LevelsPage() {
  return <LevelsScreen />;
}
