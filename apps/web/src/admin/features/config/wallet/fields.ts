import type { WalletConfigField } from '@prism/domain';
import type { FieldSpec } from '../shared/formState';

/** The wallet form's fields: one per setting core accepts (WALLET_CONFIG_FIELDS; fields.test.ts keeps them the same). */
export const CONFIG_FIELDS = [
  { name: 'openRecharge', label: 'Recharge open', kind: 'checkbox' },
  { name: 'openWithdraw', label: 'Withdrawal open', kind: 'checkbox' },
  { name: 'chargeMinLimit', label: 'Smallest recharge' },
  { name: 'chargeMaxLimit', label: 'Largest recharge' },
  { name: 'withdrawMinLimit', label: 'Smallest withdrawal' },
  { name: 'withdrawMaxLimit', label: 'Largest withdrawal' },
  { name: 'withdrawLimitSingleDay', label: 'Withdrawals per day (amount)' },
  { name: 'withdrawFeeRate', label: 'Withdrawal fee rate', hint: 'A fraction: 0.02 is 2%' },
  { name: 'autoAuditAmount', label: 'Approved without review up to' },
  {
    name: 'secondApprovalAbove',
    label: 'Second approver needed above',
    hint: 'Withdrawals above this amount need two different operators; 0 turns it off',
  },
  { name: 'betLimitRechargeMultiple4Withdraw', label: 'Turnover before withdrawal (× recharge)' },
  { name: 'startAndEndTime', label: 'Withdrawal hours', hint: 'e.g. 09:00-21:00' },
  { name: 'weekDays', label: 'Withdrawal days', hint: '1-7, comma-separated (1 = Monday)' },
  { name: 'timeZone', label: 'Time zone of those hours' },
] as const satisfies readonly (FieldSpec & { name: WalletConfigField })[];
