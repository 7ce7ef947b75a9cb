import { LanguageScreen } from '../../features/settings/components/LanguageScreen';

export default function LanguagePage() {
  return <LanguageScreen />;
}
