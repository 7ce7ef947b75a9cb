import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

/** Placeholder until the support feature lands (issue 27). */
export default function SupportPage() {
  const { t } = useTranslation();
  return <EmptyState message={t('support.title')} />;
}
