/** The ledger's transfer types that have a translation; anything newer shows as 'Other'. */
export const RECORD_TYPES = [
  'recharge',
  'withdraw',
  'withdraw_fee',
  'withdraw_paid',
  'withdraw_refund',
  'exchange',
  'bet',
  'payout',
  'refund',
  'rebate',
  'reward',
  'gift',
  'power',
  'deposit_interest',
  'advisor_income',
  'advisor_maturity',
  'fixed_deposit',
  'adjustment',
] as const;

export type RecordType = (typeof RECORD_TYPES)[number] | 'other';

export function recordTypeOf(type: string): RecordType {
  return (RECORD_TYPES as readonly string[]).includes(type) ? (type as RecordType) : 'other';
}
