import type { DepositProduct } from '@prism/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/form';
import { useKeyedSubmit } from '../../lib/keyedSubmit';
import { useClosingConfirmation } from '../../lib/native';
import { useNavigation } from '../../lib/navigation';
import { toast } from '../../lib/toast';
import { useOpenDeposit } from './api/fixedDeposit';
import { depositPreviewOf } from './quote';

/** The deposit form's state: the chosen term, the amount and its preview, and the keyed open request. */
export function useDepositForm(products: DepositProduct[]) {
  const { t } = useTranslation();
  const { navigateBack } = useNavigation();
  const [productId, setProductId] = useState(products[0]?.id ?? 0);
  const product = products.find((p) => p.id === productId) ?? (products[0] as DepositProduct);
  const form = useForm({ amount: '' });
  // Telegram asks before closing while the form holds unsent input (docs/telegram.md).
  useClosingConfirmation(form.dirty);
  const open = useOpenDeposit();
  const send = useKeyedSubmit(open, {
    done: () => {
      toast(t('deposit.opened'));
      navigateBack();
    },
    failed: form.fail,
  });
  return { product, choose: setProductId, form, preview: depositPreviewOf(product, form.values.amount), send, pending: open.isPending };
}
