import {
  AppError,
  ASSETS,
  type Asset,
  assertFreshForm,
  isTimeZone,
  parseMoney,
  parseRate,
  parseTimeRange,
  parseWeekDays,
  WALLET_CONFIG_FIELDS,
  type WalletConfigField,
} from '@prism/domain';
import { and, eq } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { applyMultipleToHeld } from '../ledger';
import { assertCurrency, type ConfigRow, loadWalletConfig, toAdminConfig } from './config';
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
const EDITABLE: Record<WalletConfigField, (text: string) => ConfigPatch | undefined> = {
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
  field: field.oneOf(WALLET_CONFIG_FIELDS),
  value: field.text(64),
  /** The currency's updatedAt as the form read it (GET wallet/config); absent: overwrite (the CLI). */
  expectedUpdatedAt: field.optionalText(40),
});
const coin = field.oneOf(ASSETS as unknown as [Asset, ...Asset[]]);
const rateBody = z.object({ fromCoin: coin, toCoin: coin, rate: field.text(32), expectedUpdatedAt: field.optionalText(40) });
type RateRow = typeof exchangeRates.$inferSelect;

/** The console's forms send back `updatedAt` (stale-form check); the rest is what the CLI has always read. */
const adminConfig = (row: ConfigRow) => ({ ...toAdminConfig(row), updatedAt: row.updatedAt.toISOString() });
const adminRate = (row: RateRow) => ({
  fromCoin: row.fromAsset,
  toCoin: row.toAsset,
  rate: row.rate,
  enabled: row.enabled,
  updatedAt: row.updatedAt.toISOString(),
});

export function walletAdminRoutes({ db, clock }: { db: Database; clock: Clock }): Router {
  const router = Router();

  router.get('/wallet/config', permit('wallet.configure'), async (req, res) => {
    const { currency } = parseInput(z.object({ currency: field.text(16) }), req.query);
    ok(res, adminConfig(await loadWalletConfig(db, assertCurrency(currency))));
  });

  router.get('/wallet/rates', permit('wallet.configure'), async (_req, res) => {
    ok(res, (await db.select().from(exchangeRates).orderBy(exchangeRates.fromAsset, exchangeRates.toAsset)).map(adminRate));
  });

  router.post('/wallet/config', permit('wallet.configure'), async (req, res) => {
    const input = parseInput(configBody, req.body);
    const currency = assertCurrency(input.currency);
    const patch = EDITABLE[input.field](input.value.trim());
    if (!patch) throw AppError.invalid({ value: 'FIELD_INVALID' });
    const { before, after } = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(chargeWithdrawConfig).where(eq(chargeWithdrawConfig.currency, currency)).for('update');
      if (!row) throw AppError.invalid({ currency: 'FIELD_INVALID' });
      assertFreshForm(input.expectedUpdatedAt, row.updatedAt);
      const [changed] = await tx
        .update(chargeWithdrawConfig)
        .set({ ...patch, updatedAt: clock.now() })
        .where(eq(chargeWithdrawConfig.currency, currency))
        .returning();
      const audit = { before: adminConfig(row), after: adminConfig(changed as ConfigRow) };
      await recordAudit(tx, clock, actorOf(req), { action: 'wallet.configure', target: { type: 'walletConfig', id: currency }, ...audit });
      return { before: row, after: audit.after };
    });
    // A lower (or the same) multiple applies to money already held, not only to later recharges:
    // with 0 nothing is held by turnover any more (docs/money.md "Turnover rule"). It runs after the
    // commit (per user, on the database), as the CLI's change always did; the audit row above names it.
    const multiple = patch.turnoverMultipleBps;
    if (multiple !== undefined && multiple <= before.turnoverMultipleBps) await applyMultipleToHeld(db, currency, multiple);
    ok(res, after, 'Updated Successfully');
  });

  router.post('/wallet/rate', permit('wallet.configure'), async (req, res) => {
    const input = parseInput(rateBody, req.body);
    if (input.fromCoin === input.toCoin) throw AppError.invalid({ toCoin: 'FIELD_INVALID' });
    const enabled = input.rate !== 'off';
    const rate = enabled ? parseRate(input.rate) : undefined;
    if (enabled && !rate) throw AppError.invalid({ rate: 'FIELD_INVALID' });
    const pair = and(eq(exchangeRates.fromAsset, input.fromCoin), eq(exchangeRates.toAsset, input.toCoin));
    const after = await db.transaction(async (tx) => {
      const [existing] = await tx.select().from(exchangeRates).where(pair).for('update');
      assertFreshForm(input.expectedUpdatedAt, existing?.updatedAt);
      const [row] = await tx
        .insert(exchangeRates)
        .values({ fromAsset: input.fromCoin, toAsset: input.toCoin, rate: enabled ? input.rate : '1', enabled, updatedAt: clock.now() })
        .onConflictDoUpdate({
          target: [exchangeRates.fromAsset, exchangeRates.toAsset],
          set: enabled ? { rate: input.rate, enabled, updatedAt: clock.now() } : { enabled, updatedAt: clock.now() },
        })
        .returning();
      const changed = adminRate(row as RateRow);
      const target = { type: 'exchangeRate', id: `${input.fromCoin}-${input.toCoin}` };
      await recordAudit(tx, clock, actorOf(req), {
        action: 'wallet.rate',
        target,
        before: existing && adminRate(existing),
        after: changed,
      });
      return changed;
    });
    ok(
      res,
      { fromCoin: input.fromCoin, toCoin: input.toCoin, rate: input.rate, enabled, updatedAt: after.updatedAt },
      'Updated Successfully',
    );
  });

  return router;
}
