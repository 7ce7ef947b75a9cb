import { GIFT_CODE_LENGTH, type GiftCodeRedemption, normalizeGiftCode } from '@prism/domain';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/Card';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { Field } from '../../../components/Field';
import { Form } from '../../../components/Form';
import { SignedAmount } from '../../../components/MoneyText';
import { PagedList } from '../../../components/PagedList';
import { RewardsRule } from '../../../components/RewardsRule';
import { StatusBadge } from '../../../components/StatusBadge';
import { formatDateTime } from '../../../lib/datetime';
import { useForm } from '../../../lib/form';
import { useIntent } from '../../../lib/intent';
import { haptics } from '../../../lib/native';
import { useThrottled } from '../../../lib/throttle';
import { toast } from '../../../lib/toast';
import { useGiftCodeRecords, useRedeemGiftCode } from '../api/giftCode';

/** Gift code page (from the Personal tab): redeem a code, then the redemption records. */
export function GiftCodeScreen() {
  return (
    <div className="stack">
      <RedeemForm />
      <RedemptionRecords />
    </div>
  );
}

function RedeemForm() {
  const { t } = useTranslation();
  const form = useForm({ code: '' });
  const redeem = useRedeemGiftCode();
  const intent = useIntent();

  const submit = useThrottled(() => {
    const code = normalizeGiftCode(form.values.code);
    if (!form.check({ code: code ? undefined : 'FIELD_INVALID' })) return;
    redeem.mutate(
      { code, idempotencyKey: intent.keyFor(code) },
      {
        onSuccess: (result) => {
          intent.settle();
          haptics.success();
          toast(t('giftCode.redeemed', { amount: result.amount, asset: result.asset }));
          form.setValues({ code: '' });
        },
        onError: (error) => {
          intent.settle(error);
          form.fail(error);
        },
      },
    );
  });

  return (
    <Card title={t('giftCode.title')}>
      <Form onSubmit={submit}>
        <Field
          label={t('giftCode.label')}
          hint={t('giftCode.hint')}
          placeholder="XXXX-XXXX-XXXX"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={GIFT_CODE_LENGTH + 8}
          data-testid="gift-code-input"
          {...form.bind('code')}
        />
        <ConfirmButton label={t('giftCode.redeem')} pending={redeem.isPending} onConfirm={submit} testId="gift-code-redeem" />
      </Form>
      <RewardsRule />
    </Card>
  );
}

function RedemptionRecords() {
  const { t } = useTranslation();
  const records = useGiftCodeRecords();
  return (
    <Card title={t('giftCode.records')}>
      <PagedList query={records} empty={t('giftCode.empty')} label={t('giftCode.records')} testId="gift-code-records">
        {(record) => <RedemptionRow record={record} />}
      </PagedList>
    </Card>
  );
}

function RedemptionRow({ record }: { record: GiftCodeRedemption }) {
  const { t } = useTranslation();
  return (
    <div className="record" data-testid="gift-code-record">
      <div className="record-main">
        <span className="record-title" dir="ltr">
          {record.code}
        </span>
        <span className="muted">{t('giftCode.received', { time: formatDateTime(record.createDateTime) })}</span>
        <span className="muted">{t('giftCode.expires', { time: formatDateTime(record.expireDateTime) })}</span>
      </div>
      <div className="record-side">
        {/* A redemption is money received: in. */}
        <SignedAmount value={record.amount} coin={record.asset} direction="in" />
        <StatusBadge tone={record.status === 'in_use' ? 'good' : 'wait'} testId="gift-code-status">
          {t(`giftCode.status.${record.status}`)}
        </StatusBadge>
      </div>
    </div>
  );
}
