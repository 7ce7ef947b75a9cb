import type { UsdtWalletType, WalletView } from '@prism/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { QueryView } from '../../../components/QueryView';
import { SubmitButton } from '../../../components/SubmitButton';
import { useForm } from '../../../lib/form';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { useBindWallet } from '../api/wallets';
import { checkAddress } from '../validation';

/** 'USDT addresses': one withdrawal address per network, checked for that network before it is sent. */
export function UsdtAddresses({ wallets }: { wallets: UseQueryResult<WalletView[]> }) {
  const { t } = useTranslation();
  return (
    <Card title={t('bank.addresses')}>
      <QueryView query={wallets}>
        {(list) => (
          <div className="stack">
            {list.map((wallet) => (
              <AddressForm key={`${wallet.walletType}:${wallet.address}`} network={wallet.walletType} bound={wallet.address} />
            ))}
          </div>
        )}
      </QueryView>
    </Card>
  );
}

function AddressForm({ network, bound }: { network: UsdtWalletType; bound: string }) {
  const { t } = useTranslation();
  const form = useForm({ address: bound });
  const bind = useBindWallet();
  const submit = useThrottled(() => {
    const address = form.values.address.trim();
    if (!form.check({ address: checkAddress(network, address) })) return;
    bind.mutate({ walletType: network, address }, { onSuccess: () => toast(t('bank.bound')), onError: form.fail });
  });
  return (
    <Form onSubmit={submit} className="form-inline address-form">
      <Field
        label={t('bank.addressOf', { network })}
        hint={bound ? t('bank.isBound') : t('bank.notBound')}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        maxLength={100}
        data-testid={`address-${network}`}
        {...form.bind('address')}
      />
      <SubmitButton pending={bind.isPending} className="btn-small" data-testid={`bind-${network}`}>
        {bound ? t('bank.change') : t('bank.bind')}
      </SubmitButton>
    </Form>
  );
}
