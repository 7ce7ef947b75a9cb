import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api';
import { toast, toastError } from '../../../lib/toast';
import { useModifyUserBaseInfo } from '../api/modifyUserBaseInfo';

const OPTIONS = [
  { value: 1, key: 'profile.male' },
  { value: 2, key: 'profile.female' },
  { value: 0, key: 'profile.sexUnset' },
] as const;

/** Sex: 1 male, 2 female, 0 not set; saved as soon as it is chosen. */
export function SexChoice({ current }: { current: number }) {
  const { t } = useTranslation();
  const modify = useModifyUserBaseInfo();
  const choose = (sex: 0 | 1 | 2) => {
    if (sex === current || modify.isPending) return;
    modify.mutate({ sex }, { onSuccess: () => toast(t('common.updated')), onError: (error) => toastError(errorMessage(error)) });
  };
  return (
    <fieldset className="choice">
      <legend className="field-label">{t('profile.sex')}</legend>
      <div className="choice-options">
        {OPTIONS.map((option) => (
          <label key={option.value} className="choice-option">
            <input type="radio" name="sex" value={option.value} checked={current === option.value} onChange={() => choose(option.value)} />
            <span>{t(option.key)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
