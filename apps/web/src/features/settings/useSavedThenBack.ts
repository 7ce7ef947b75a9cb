import { useTranslation } from 'react-i18next';
import { useNavigation } from '../../lib/navigation';
import { toast } from '../../lib/toast';

/** What a settings screen does once the server has saved it: says 'Updated Successfully' and returns to where the user came from. */
export function useSavedThenBack(): () => void {
  const { t } = useTranslation();
  const { navigateBack } = useNavigation();
  return () => {
    toast(t('common.updated'));
    navigateBack();
  };
}
