import { checkNickname, NICKNAME_MAX } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { SubmitButton } from '../../../components/SubmitButton';
import { useForm } from '../../../lib/form';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { useModifyUserBaseInfo } from '../api/modifyUserBaseInfo';

/** Nickname, 1 to 32 characters; 'Updated Successfully' when saved. */
export function NicknameForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const form = useForm({ nickName: current });
  const modify = useModifyUserBaseInfo();

  const submit = useThrottled(() => {
    const nickName = form.values.nickName.trim();
    if (!form.check({ nickName: checkNickname(nickName) ?? undefined })) return;
    modify.mutate({ nickName }, { onSuccess: () => toast(t('common.updated')), onError: form.fail });
  });

  return (
    <Form className="form-inline" onSubmit={submit}>
      <Field label={t('profile.nickname')} maxLength={NICKNAME_MAX} autoComplete="nickname" {...form.bind('nickName')} />
      <SubmitButton pending={modify.isPending} className="btn-small">
        {t('profile.saveNickname')}
      </SubmitButton>
    </Form>
  );
}
