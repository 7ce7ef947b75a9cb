import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

/** Placeholder until the myData feature lands (issue 27). */
export default function MyDataPage() {
  const { t } = useTranslation();
  return <EmptyState message={t('myData.title')} />;
}
