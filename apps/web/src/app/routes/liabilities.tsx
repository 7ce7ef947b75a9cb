import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

/** Placeholder until the liabilities feature lands (issue 27). */
export default function LiabilitiesPage() {
  const { t } = useTranslation();
  return <EmptyState message={t('liabilities.title')} />;
}
