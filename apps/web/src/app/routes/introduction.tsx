import { IntroductionScreen } from '../../features/content/components/IntroductionScreen';

export default function IntroductionPage() {
  return <IntroductionScreen />;
}
