/**
 * The recharge/withdrawal settings an operator may change per currency (POST /core/admin/wallet/config
 * `field`): core parses each (wallet/admin.ts) and the console shows a field for each, both from this list.
 */
export const WALLET_CONFIG_FIELDS = [
  'openRecharge',
  'openWithdraw',
  'chargeMinLimit',
  'chargeMaxLimit',
  'withdrawMinLimit',
  'withdrawMaxLimit',
  'withdrawLimitSingleDay',
  'autoAuditAmount',
  'secondApprovalAbove',
  'withdrawFeeRate',
  'betLimitRechargeMultiple4Withdraw',
  'startAndEndTime',
  'weekDays',
  'timeZone',
] as const;
export type WalletConfigField = (typeof WALLET_CONFIG_FIELDS)[number];
