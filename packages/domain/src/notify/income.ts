import { formatMoney, type Money } from '../money';

/** The ledger's transfer types that are income paid to a player by a daily job. */
export const REBATE_TYPES = ['rebate'] as const;
export const DAILY_INCOME_TYPES = ['power_income', 'deposit_interest', 'advisor_income'] as const;

/** One credit of a day: its type, coin and amount in minor units. */
export interface IncomeCredit {
  type: string;
  asset: string;
  amount: Money;
}

/** Per coin, what a day paid: rebates and daily income (each a formatted amount), coins in name order. */
export interface IncomeSummaryLine {
  asset: string;
  rebates: string;
  income: string;
  total: string;
}

/**
 * A day's rebates and income as one summary, one line per coin: the one message a day instead of one
 * per payment. Types other than rebates and daily income are left out; an empty day gives no lines
 * (and no message).
 */
export function summarizeIncome(credits: readonly IncomeCredit[]): IncomeSummaryLine[] {
  const sums = new Map<string, { rebates: Money; income: Money }>();
  for (const credit of credits) {
    const isRebate = (REBATE_TYPES as readonly string[]).includes(credit.type);
    const isIncome = (DAILY_INCOME_TYPES as readonly string[]).includes(credit.type);
    if ((!isRebate && !isIncome) || credit.amount <= 0n) continue;
    const sum = sums.get(credit.asset) ?? { rebates: 0n, income: 0n };
    if (isRebate) sum.rebates += credit.amount;
    else sum.income += credit.amount;
    sums.set(credit.asset, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([asset, sum]) => ({
      asset,
      rebates: formatMoney(sum.rebates),
      income: formatMoney(sum.income),
      total: formatMoney(sum.rebates + sum.income),
    }));
}

/** One settled session of one player, per coin: what they staked and got back. */
export interface SessionResultLine {
  asset: string;
  bets: number;
  staked: Money;
  paid: Money;
}

/** The net of a player's session in one coin (paid minus staked), signed and formatted: "+12.50", "-3.00", "0.00". */
export function formatNet(line: Pick<SessionResultLine, 'staked' | 'paid'>): string {
  const net = line.paid - line.staked;
  if (net > 0n) return `+${formatMoney(net)}`;
  if (net < 0n) return `-${formatMoney(-net)}`;
  return formatMoney(0n);
}
