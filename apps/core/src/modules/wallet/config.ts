import {
  AppError,
  type Asset,
  formatMoney,
  WALLET_CURRENCIES,
  type WalletConfig,
  type WalletCurrency,
  type WithdrawLimits,
} from '@prism/domain';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chargeWithdrawConfig, exchangeRates } from './schema';

export type { WalletCurrency };
export { WALLET_CURRENCIES };

export type ConfigRow = typeof chargeWithdrawConfig.$inferSelect;
type ConfigValues = Omit<typeof chargeWithdrawConfig.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/**
 * Defaults seeded on first start. CASH is in rupee-like units (the recharge
 * stepper runs 1000-50000); USDT deposits start at 1 USDT (specification point 9).
 */
const DEFAULTS: Record<WalletCurrency, ConfigValues> = {
  CASH: {
    currency: 'CASH',
    openRecharge: true,
    openWithdraw: true,
    chargeMinLimit: 100_000n,
    chargeMaxLimit: 5_000_000n,
    withdrawMinLimit: 20_000n,
    withdrawMaxLimit: 5_000_000n,
    withdrawLimitSingleDay: 10_000_000n,
    withdrawFeeBps: 200,
    autoAuditAmount: 100_000n,
    turnoverMultipleBps: 10_000,
    startAndEndTime: '08:00-17:00',
    weekDays: '1,2,3,4,5,6,7',
    timeZone: 'Europe/London',
  },
  USDT: {
    currency: 'USDT',
    openRecharge: true,
    openWithdraw: true,
    chargeMinLimit: 100n,
    chargeMaxLimit: 10_000_000n,
    withdrawMinLimit: 1_000n,
    withdrawMaxLimit: 1_000_000n,
    withdrawLimitSingleDay: 2_000_000n,
    withdrawFeeBps: 100,
    autoAuditAmount: 5_000n,
    turnoverMultipleBps: 10_000,
    startAndEndTime: '08:00-17:00',
    weekDays: '1,2,3,4,5,6,7',
    timeZone: 'Europe/London',
  },
};

/** Exchange rates seeded on first start ("to per one from", 8 decimals). */
const DEFAULT_RATES: readonly [Asset, Asset, string][] = [
  ['CASH', 'CHIP', '1'],
  ['CHIP', 'CASH', '1'],
  ['USDT', 'CASH', '85'],
  ['CASH', 'USDT', '0.01176470'],
  ['USDT', 'CHIP', '85'],
  ['CHIP', 'USDT', '0.01176470'],
  ['GOLD', 'CHIP', '1'],
  ['POINT', 'CHIP', '0.01'],
];

export async function seedWalletConfig(db: Executor): Promise<void> {
  await db.insert(chargeWithdrawConfig).values(Object.values(DEFAULTS)).onConflictDoNothing();
  await db
    .insert(exchangeRates)
    .values(DEFAULT_RATES.map(([fromAsset, toAsset, rate]) => ({ fromAsset, toAsset, rate })))
    .onConflictDoNothing();
}

export async function loadWalletConfig(db: Executor, currency: WalletCurrency): Promise<ConfigRow> {
  const [row] = await db.select().from(chargeWithdrawConfig).where(eq(chargeWithdrawConfig.currency, currency));
  if (!row) throw new Error(`no charge/withdraw configuration for ${currency}`);
  return row;
}

export function withdrawLimitsOf(row: ConfigRow): WithdrawLimits {
  return {
    openWithdraw: row.openWithdraw,
    withdrawMinLimit: row.withdrawMinLimit,
    withdrawMaxLimit: row.withdrawMaxLimit,
    withdrawLimitSingleDay: row.withdrawLimitSingleDay,
    withdrawFeeBps: row.withdrawFeeBps,
    startAndEndTime: row.startAndEndTime,
    weekDays: row.weekDays,
    timeZone: row.timeZone,
  };
}

const rate = (bps: number) => (bps / 10_000).toFixed(4).replace(/\.?0+$/, '') || '0';

/** The answer of getConfig: every field of specification point 3 (spelling included), plus the time zone. */
export function toWireConfig(row: ConfigRow): WalletConfig {
  return {
    id: row.id,
    curreny: row.currency as WalletCurrency,
    openRecharge: row.openRecharge,
    openWithdraw: row.openWithdraw,
    chargeMinLimit: formatMoney(row.chargeMinLimit),
    chargeMaxLimit: formatMoney(row.chargeMaxLimit),
    withdrawMinLimit: formatMoney(row.withdrawMinLimit),
    withdrawMaxLimit: formatMoney(row.withdrawMaxLimit),
    withdrawLimitSingleDay: formatMoney(row.withdrawLimitSingleDay),
    withdrawFeeRate: rate(row.withdrawFeeBps),
    autoAuditAmount: formatMoney(row.autoAuditAmount),
    betLimitRechargeMultiple4Withdraw: rate(row.turnoverMultipleBps),
    startAndEndTime: row.startAndEndTime,
    weekDays: row.weekDays,
    timeZone: row.timeZone,
    createDateTime: row.createdAt.toISOString(),
    updateDateTime: row.updatedAt.toISOString(),
  };
}

/** The operators' view of the configuration: getConfig's fields and the ones players need not see. */
export function toAdminConfig(row: ConfigRow): WalletConfig & { secondApprovalAbove: string } {
  return { ...toWireConfig(row), secondApprovalAbove: formatMoney(row.secondApprovalAbove) };
}

export function assertCurrency(value: string): WalletCurrency {
  if (!(WALLET_CURRENCIES as readonly string[]).includes(value)) throw AppError.invalid({ currency: 'FIELD_INVALID' });
  return value as WalletCurrency;
}
