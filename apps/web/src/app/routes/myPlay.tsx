import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

/** Placeholder until the myPlay feature lands (issue 27). */
export default function MyPlayPage() {
  const { t } = useTranslation();
  return <EmptyState message={t('myPlay.title')} />;
}
