import type { BankCardView } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { useForm } from '../../../lib/form';
import { haptics, useClosingConfirmation, useSecondaryButton } from '../../../lib/native';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { useSaveBankCard } from '../api/bankCards';
import { cleanBankCard, validateBankCard } from '../validation';

/**
 * Adds a bank card, or edits `card`. The full account number is never sent
 * back by the server, so an edit asks for it again.
 */
export function BankCardForm({ card, onDone, onCancel }: { card?: BankCardView; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    bankName: card?.bankName ?? '',
    cardNumber: '',
    holderName: card?.holderName ?? '',
    ifsc: card?.ifsc ?? '',
  });
  const save = useSaveBankCard();
  const nativeCancel = useSecondaryButton(t('common.cancel'), onCancel);
  useClosingConfirmation(form.dirty);

  const submit = useThrottled(() => {
    if (!form.check(validateBankCard(form.values))) return;
    save.mutate(
      { ...cleanBankCard(form.values), ...(card ? { id: card.id } : {}) },
      {
        onSuccess: () => {
          haptics.success();
          toast(t('bank.bound'));
          onDone();
        },
        onError: form.fail,
      },
    );
  });

  return (
    <Form onSubmit={submit} className="bank-form">
      <h3 className="form-title">{card ? t('bank.editTitle') : t('bank.add')}</h3>
      <Field label={t('bank.bankName')} autoComplete="off" maxLength={64} {...form.bind('bankName')} />
      <Field
        label={t('bank.accountNumber')}
        hint={card ? t('bank.reenterNumber', { number: card.cardNumber }) : undefined}
        inputMode="numeric"
        autoComplete="off"
        maxLength={24}
        {...form.bind('cardNumber')}
      />
      <Field label={t('bank.holderName')} autoComplete="name" maxLength={64} {...form.bind('holderName')} />
      <Field label={t('bank.ifsc')} autoCapitalize="characters" autoComplete="off" maxLength={11} {...form.bind('ifsc')} />
      <ConfirmButton label={t('common.save')} pending={save.isPending} onConfirm={submit} testId="bank-save" />
      {!nativeCancel && (
        <button type="button" className="btn-link" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      )}
    </Form>
  );
}
