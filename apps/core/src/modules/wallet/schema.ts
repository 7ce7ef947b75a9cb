import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Recharge/withdraw configuration per currency (specification point 3), edited by
 * operators. Amounts in minor units; the turnover multiple and the fee in basis points.
 */
export const chargeWithdrawConfig = pgTable(
  'charge_withdraw_config',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull().unique(),
    openRecharge: boolean('open_recharge').notNull(),
    openWithdraw: boolean('open_withdraw').notNull(),
    chargeMinLimit: bigint('charge_min_limit', { mode: 'bigint' }).notNull(),
    chargeMaxLimit: bigint('charge_max_limit', { mode: 'bigint' }).notNull(),
    withdrawMinLimit: bigint('withdraw_min_limit', { mode: 'bigint' }).notNull(),
    withdrawMaxLimit: bigint('withdraw_max_limit', { mode: 'bigint' }).notNull(),
    withdrawLimitSingleDay: bigint('withdraw_limit_single_day', { mode: 'bigint' }).notNull(),
    withdrawFeeBps: integer('withdraw_fee_bps').notNull(),
    autoAuditAmount: bigint('auto_audit_amount', { mode: 'bigint' }).notNull(),
    /** Withdrawals above this need two different operators' approvals (four eyes); 0 = never. */
    secondApprovalAbove: bigint('second_approval_above', { mode: 'bigint' }).notNull().default(sql`0`),
    /** betLimitRechargeMultiple4Withdraw x 10000. */
    turnoverMultipleBps: integer('turnover_multiple_bps').notNull(),
    startAndEndTime: text('start_and_end_time').notNull(),
    weekDays: text('week_days').notNull(),
    timeZone: text('time_zone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('charge_withdraw_config_charge_limits', sql`${t.chargeMinLimit} >= 0 and ${t.chargeMaxLimit} >= 0`),
    check(
      'charge_withdraw_config_withdraw_limits',
      sql`${t.withdrawMinLimit} >= 0 and ${t.withdrawMaxLimit} >= 0 and ${t.withdrawLimitSingleDay} >= 0`,
    ),
    check('charge_withdraw_config_auto_audit', sql`${t.autoAuditAmount} >= 0`),
    check('charge_withdraw_config_fee_bps', sql`${t.withdrawFeeBps} between 0 and 10000`),
    check('charge_withdraw_config_turnover_bps', sql`${t.turnoverMultipleBps} >= 0`),
  ],
);

/** Operator-set exchange rates between assets (8 decimals, as text). A missing or disabled pair cannot be exchanged. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    fromAsset: text('from_asset').notNull(),
    toAsset: text('to_asset').notNull(),
    rate: text('rate').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('exchange_rates_pair_key').on(t.fromAsset, t.toAsset)],
);
