import { AppError, assertFreshForm, WALLET_CURRENCIES } from '@prism/domain';
import { asc, eq } from 'drizzle-orm';
import { Router } from 'express';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import { type AuditActor, actorOf, recordAudit } from '../audit';
import type { RechargeContext } from './context';
import { payChannels } from './schema';

type ChannelRow = typeof payChannels.$inferSelect;

/** What the console shows and edits of a pay channel, with whether its gateway adapter runs on this server. */
function toAdminChannel(row: ChannelRow, context: RechargeContext) {
  return {
    id: row.id,
    payChannelName: row.payChannelName,
    showName: row.showName,
    gateway: row.gateway,
    currency: row.currency,
    enabled: row.enabled,
    sort: row.sort,
    gatewayAvailable: context.gateways.has(row.gateway),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const channelBody = z.object({
  payChannelName: z.string({ error: 'FIELD_INVALID' }).regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'FIELD_INVALID' }),
  showName: field.optionalText(60),
  gateway: field.optionalText(40),
  currency: field.oneOf(WALLET_CURRENCIES as unknown as [string, ...string[]]).optional(),
  enabled: field.oneOf(['true', 'false']).optional(),
  sort: field.integer(0, 10_000).optional(),
  /** The channel's updatedAt as the form read it; absent: overwrite (the CLI). */
  expectedUpdatedAt: field.optionalText(40),
});
type ChannelInput = z.infer<typeof channelBody>;

/** A new channel needs a display name and a gateway this server has; an edit changes only what is sent. */
function channelValues(input: ChannelInput, existing: ChannelRow | undefined, context: RechargeContext) {
  const gateway = input.gateway ?? existing?.gateway;
  const showName = input.showName ?? existing?.showName;
  if (!gateway || !context.gateways.has(gateway)) throw AppError.invalid({ gateway: 'FIELD_INVALID' });
  if (!showName) throw AppError.invalid({ showName: 'FIELD_INVALID' });
  return {
    payChannelName: input.payChannelName,
    showName,
    gateway,
    currency: input.currency ?? existing?.currency ?? 'CASH',
    enabled: input.enabled === undefined ? (existing?.enabled ?? true) : input.enabled === 'true',
    sort: input.sort ?? existing?.sort ?? 0,
  };
}

/** Creates or edits a channel in one transaction with its audit row (before/after). */
async function saveChannel(context: RechargeContext, input: ChannelInput, actor: AuditActor) {
  return context.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(payChannels).where(eq(payChannels.payChannelName, input.payChannelName)).for('update');
    if (existing) assertFreshForm(input.expectedUpdatedAt, existing.updatedAt);
    else if (input.expectedUpdatedAt) throw new AppError('STALE_FORM');
    const values = { ...channelValues(input, existing, context), updatedAt: context.clock.now() };
    const [saved] = await tx
      .insert(payChannels)
      .values(values)
      .onConflictDoUpdate({ target: payChannels.payChannelName, set: values })
      .returning();
    const after = toAdminChannel(saved as ChannelRow, context);
    await recordAudit(tx, context.clock, actor, {
      action: existing ? 'payChannel.update' : 'payChannel.create',
      target: { type: 'payChannel', id: input.payChannelName },
      before: existing ? toAdminChannel(existing, context) : undefined,
      after,
    });
    return after;
  });
}

/** Pay channels for finance: every channel (enabled or not) and the gateways this server runs; create, edit, switch off. */
export function payChannelRoutes(context: RechargeContext): Router {
  const router = Router();
  router.get('/payChannels', permit('wallet.configure'), async (_req, res) => {
    const rows = await context.db.select().from(payChannels).orderBy(asc(payChannels.sort), asc(payChannels.id));
    ok(res, { list: rows.map((row) => toAdminChannel(row, context)), gateways: [...context.gateways.keys()] });
  });
  router.post('/payChannels', permit('wallet.configure'), async (req, res) => {
    ok(res, await saveChannel(context, parseInput(channelBody, req.body), actorOf(req)), 'Updated Successfully');
  });
  return router;
}
