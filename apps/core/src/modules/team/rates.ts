import {
  ASSETS,
  type Asset,
  DEFAULT_REBATE_RATES,
  formatMoney,
  parseLevelAmounts,
  parseLevelBps,
  REBATE_TIERS,
  type RebateRates,
  rechargeCycleProfitBps,
  type TeamRebateRate,
} from '@prism/domain';
import type { Executor } from '../../db/client';
import type { ConfigService } from '../config';
import { loadWalletConfig, WALLET_CURRENCIES } from '../wallet';

/** The operator's rebate settings (sys_config keys, seeded in config/defaults.ts). */
export interface RebateSettings {
  rates: RebateRates;
  /** The coin register rebates are paid in (bet and recharge rebates follow the coin that moved). */
  registerAsset: Asset;
}

export async function loadRebateSettings(config: ConfigService): Promise<RebateSettings> {
  const [bet, recharge, register, asset] = await Promise.all([
    config.get('TEAM_BET_REBATE_BPS'),
    config.get('TEAM_RECHARGE_REBATE_BPS'),
    config.get('TEAM_REGISTER_REBATE'),
    config.get('TEAM_REGISTER_REBATE_ASSET', 'CASH'),
  ]);
  return {
    rates: {
      betBps: parseLevelBps(bet) ?? DEFAULT_REBATE_RATES.betBps,
      rechargeBps: parseLevelBps(recharge) ?? DEFAULT_REBATE_RATES.rechargeBps,
      registerReward: parseLevelAmounts(register) ?? DEFAULT_REBATE_RATES.registerReward,
    },
    registerAsset: (ASSETS as readonly string[]).includes(asset) ? (asset as Asset) : 'CASH',
  };
}

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/** The rates as the app shows them: one row per tier (the wire's `level`), each value labelled by the screen. */
export function rateRows(rates: RebateRates): TeamRebateRate[] {
  return REBATE_TIERS.map((tier, index) => ({
    level: tier,
    betRate: percent(rates.betBps[index] ?? 0),
    rechargeRate: percent(rates.rechargeBps[index] ?? 0),
    registerReward: formatMoney(rates.registerReward[index] ?? 0n),
  }));
}

/**
 * The coins in which the settings pay people to cycle money through their own accounts (recharge,
 * wait a day, withdraw): recharge rebates above the withdrawal fee with no bet turnover required.
 * The rebate job logs it at start and whenever it changes (docs/money.md).
 */
export async function rebateCycleWarnings(db: Executor, settings: RebateSettings): Promise<{ currency: string; profitBps: number }[]> {
  const warnings: { currency: string; profitBps: number }[] = [];
  for (const currency of WALLET_CURRENCIES) {
    const row = await loadWalletConfig(db, currency);
    const profitBps = rechargeCycleProfitBps(settings.rates, row.withdrawFeeBps, row.turnoverMultipleBps);
    if (profitBps > 0) warnings.push({ currency, profitBps });
  }
  return warnings;
}
