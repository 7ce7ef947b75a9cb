import { AppError, ASSETS, type Asset, isTimeZone, parseMoney, parseRate, parseTimeRange, parseWeekDays } from '@prism/domain';
import { eq } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { applyMultipleToHeld } from '../ledger';
import { assertCurrency, loadWalletConfig, toAdminConfig } from './config';
import { chargeWithdrawConfig, exchangeRates } from './schema';

type ConfigPatch = Partial<typeof chargeWithdrawConfig.$inferInsert>;

/** A rate such as "0.02" or "1.5" in basis points; undefined unless 0..100 with at most 4 decimals. */
function basisPoints(text: string): number | undefined {
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(text)) return undefined;
  const bps = Math.round(Number(text) * 10_000);
  return bps <= 1_000_000 ? bps : undefined;
}

const money = (text: string) => {
  const parsed = parseMoney(text);
  return parsed.ok ? parsed.value : undefined;
};
const bool = (text: string) => (text === 'true' ? true : text === 'false' ? false : undefined);
/** getConfig field name -> how its text becomes a column value (undefined = refused). */
const EDITABLE: Record<string, (text: string) => ConfigPatch | undefined> = {
  openRecharge: (t) => (bool(t) === undefined ? undefined : { openRecharge: bool(t) as boolean }),
  openWithdraw: (t) => (bool(t) === undefined ? undefined : { openWithdraw: bool(t) as boolean }),
  chargeMinLimit: (t) => (money(t) === undefined ? undefined : { chargeMinLimit: money(t) as bigint }),
  chargeMaxLimit: (t) => (money(t) === undefined ? undefined : { chargeMaxLimit: money(t) as bigint }),
  withdrawMinLimit: (t) => (money(t) === undefined ? undefined : { withdrawMinLimit: money(t) as bigint }),
  withdrawMaxLimit: (t) => (money(t) === undefined ? undefined : { withdrawMaxLimit: money(t) as bigint }),
  withdrawLimitSingleDay: (t) => (money(t) === undefined ? undefined : { withdrawLimitSingleDay: money(t) as bigint }),
  autoAuditAmount: (t) => (money(t) === undefined ? undefined : { autoAuditAmount: money(t) as bigint }),
  // Four eyes above this amount; "0" turns it off.
  secondApprovalAbove: (t) => (money(t) === undefined ? undefined : { secondApprovalAbove: money(t) as bigint }),
  withdrawFeeRate: (t) =>
    basisPoints(t) === undefined || (basisPoints(t) as number) > 10_000 ? undefined : { withdrawFeeBps: basisPoints(t) as number },
  betLimitRechargeMultiple4Withdraw: (t) => (basisPoints(t) === undefined ? undefined : { turnoverMultipleBps: basisPoints(t) as number }),
  startAndEndTime: (t) => (parseTimeRange(t) ? { startAndEndTime: t.trim() } : undefined),
  weekDays: (t) => (parseWeekDays(t) ? { weekDays: parseWeekDays(t)?.join(',') as string } : undefined),
  timeZone: (t) => (isTimeZone(t) ? { timeZone: t } : undefined),
};

const configBody = z.object({
  currency: field.text(16),
  field: field.oneOf(Object.keys(EDITABLE) as [string, ...string[]]),
  value: field.text(64),
});
const coin = field.oneOf(ASSETS as unknown as [Asset, ...Asset[]]);
const rateBody = z.object({ fromCoin: coin, toCoin: coin, rate: field.text(32) });

export function walletAdminRoutes({ db, clock }: { db: Database; clock: Clock }): Router {
  const router = Router();

  router.get('/wallet/config', permit('wallet.configure'), async (req, res) => {
    const { currency } = parseInput(z.object({ currency: field.text(16) }), req.query);
    ok(res, toAdminConfig(await loadWalletConfig(db, assertCurrency(currency))));
  });

  router.post('/wallet/config', permit('wallet.configure'), async (req, res) => {
    const input = parseInput(configBody, req.body);
    const currency = assertCurrency(input.currency);
    const patch = EDITABLE[input.field]?.(input.value.trim());
    if (!patch) throw AppError.invalid({ value: 'FIELD_INVALID' });
    const before = await loadWalletConfig(db, currency);
    await db
      .update(chargeWithdrawConfig)
      .set({ ...patch, updatedAt: clock.now() })
      .where(eq(chargeWithdrawConfig.currency, currency));
    // A lower (or the same) multiple applies to money already held, not only to later recharges:
    // with 0 nothing is held by turnover any more (docs/money.md "Turnover rule").
    const multiple = patch.turnoverMultipleBps;
    if (multiple !== undefined && multiple <= before.turnoverMultipleBps) await applyMultipleToHeld(db, currency, multiple);
    ok(res, toAdminConfig(await loadWalletConfig(db, currency)), 'Updated Successfully');
  });

  router.post('/wallet/rate', permit('wallet.configure'), async (req, res) => {
    const input = parseInput(rateBody, req.body);
    if (input.fromCoin === input.toCoin) throw AppError.invalid({ toCoin: 'FIELD_INVALID' });
    const enabled = input.rate !== 'off';
    const rate = enabled ? parseRate(input.rate) : undefined;
    if (enabled && !rate) throw AppError.invalid({ rate: 'FIELD_INVALID' });
    await db
      .insert(exchangeRates)
      .values({ fromAsset: input.fromCoin, toAsset: input.toCoin, rate: enabled ? input.rate : '1', enabled })
      .onConflictDoUpdate({
        target: [exchangeRates.fromAsset, exchangeRates.toAsset],
        set: enabled ? { rate: input.rate, enabled, updatedAt: clock.now() } : { enabled, updatedAt: clock.now() },
      });
    ok(res, { ...input, enabled }, 'Updated Successfully');
  });

  return router;
}
