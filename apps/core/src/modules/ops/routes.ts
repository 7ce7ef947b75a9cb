import type { NegativeReturnWarning } from '@prism/domain';
import { AppError, assertFreshForm } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { FairnessMode, MoneyMode } from '../../config';
import type { Database } from '../../db/client';
import type { ReplicaStatus } from '../../db/replicas';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { type ConfigService, listSettings } from '../config';
import { latestBotMessages } from '../notify';
import { latestSmsOutbox } from '../sms';
import { findUserByPhone } from '../user';
import { changeUserStatus } from '../userAdmin';

export interface OpsRouteDeps {
  db: Database;
  clock: Clock;
  config: ConfigService;
  /** How money comes in (config.ts): shown on the operator's health answer. */
  money: { moneyMode: MoneyMode; sandboxDeposits: boolean };
  /** The game's beacon (GAME_BEACON) and whether this is production: shown and checked on the health answer. */
  fairness: { mode: FairnessMode; production: boolean };
  /** The read replicas' health and lag (db/replicas.ts); absent or empty: none configured. */
  replicas?: () => readonly ReplicaStatus[];
  /** Settings that pay users to cycle money (recharge rebates above the withdrawal fee, no turnover). */
  rebateCycleWarnings: () => Promise<{ currency: string; profitBps: number }[]>;
  /** Configured products whose return net of fees is negative (docs/decisions.md, "What a player sees before money moves": users get back less than they pay). */
  negativeReturnWarnings: () => Promise<NegativeReturnWarning[]>;
}

const outboxQuery = z.object({
  kind: field.oneOf(['sms', 'bot']).default('sms'),
  phone: field.optionalText(20),
  limit: field.integer(1, 500).optional(),
});
const configBody = z.object({
  key: z.string({ error: 'FIELD_INVALID' }).regex(/^[A-Za-z0-9_]{1,64}$/, { error: 'FIELD_INVALID' }),
  value: field.text(4096),
  /** The setting's updatedAt as the form read it (GET config); absent: overwrite (the CLI). */
  expectedUpdatedAt: field.optionalText(40),
});
const userStatusBody = z.object({
  phone: field.optionalText(20),
  areaCode: field.optionalText(4),
  status: field.oneOf(['enable', 'disable']),
});

/**
 * The general operator API behind `npm run ops` (outbox, settings, accounts),
 * mounted under /admin behind the operator module's authentication. Features add their own admin routers.
 */
/**
 * With the local beacon the operator, who holds the seed chain, could know results before they
 * are drawn (docs/fairness.md), and the verify page tells players so. In production, or with real
 * money, that is worth a warning: drand (production's default) removes it.
 */
export function fairnessWarnings({ mode, production }: OpsRouteDeps['fairness'], moneyMode: MoneyMode) {
  if (mode === 'drand' || (!production && moneyMode !== 'real')) return [];
  return [
    {
      kind: 'fairnessLocal',
      fairnessMode: mode,
      message:
        'GAME_BEACON=local: the operator could know results before they are drawn, and the verify page tells players so. Unset GAME_BEACON (production default) or set GAME_BEACON=drand.',
    },
  ];
}

/** A replica skipped (down, or further behind than the bound): its reads go to the primary, which carries them meanwhile. */
export function replicaWarnings(replicas: readonly ReplicaStatus[]) {
  return replicas
    .filter((replica) => !replica.healthy)
    .map((replica) => ({
      kind: 'replicaSkipped',
      replica: replica.name,
      lagMs: replica.lagMs,
      message: `Read replica ${replica.name} is ${replica.lagMs === null ? 'not answering (or its lag is not known yet)' : `${replica.lagMs} ms behind`}: its reads go to the primary until it is back within DATABASE_REPLICA_MAX_LAG_MS.`,
    }));
}

export function opsRoutes(deps: OpsRouteDeps): Router {
  const { db, clock, config, money, fairness, rebateCycleWarnings, negativeReturnWarnings } = deps;
  const router = Router();

  // The operator's first questions: is this server handing out play money, can players trust that
  // nobody knew the results in advance (the beacon), and do the settings pay anyone for cycling
  // money through their own accounts (docs/money.md, recharge rebates)?
  router.get('/health', permit('dashboard.read'), async (_req, res) => {
    const replicas = deps.replicas?.() ?? [];
    const warnings = [
      ...fairnessWarnings(fairness, money.moneyMode),
      ...replicaWarnings(replicas),
      ...(await rebateCycleWarnings()).map((warning) => ({ kind: 'rebateCycle', ...warning })),
      ...(await negativeReturnWarnings()),
    ];
    ok(res, {
      status: 'ok',
      moneyMode: money.moneyMode,
      sandboxDeposits: money.sandboxDeposits,
      fairnessMode: fairness.mode,
      replicas,
      warnings,
    });
  });

  router.get('/outbox', permit('outbox.read'), async (req, res) => {
    const query = parseInput(outboxQuery, req.query);
    const limit = query.limit ?? 20;
    if (query.kind === 'bot') {
      ok(res, await latestBotMessages(db, limit));
      return;
    }
    ok(res, await latestSmsOutbox(db, limit, query.phone));
  });

  router.get('/config', permit('settings.manage'), async (_req, res) => {
    ok(res, await listSettings(db));
  });

  router.post('/config', permit('settings.manage'), async (req, res) => {
    const { key, value, expectedUpdatedAt } = parseInput(configBody, req.body);
    const current = (await listSettings(db)).find((setting) => setting.key === key);
    assertFreshForm(expectedUpdatedAt, current?.updatedAt);
    // config.set owns its write and its cache (dropped at once, as with the CLI); the audit row follows it in this request.
    await config.set(key, value);
    const after = (await listSettings(db)).find((setting) => setting.key === key);
    const target = { type: 'setting', id: key };
    await recordAudit(db, clock, actorOf(req), { action: 'config.set', target, before: current ?? null, after: after ?? null });
    ok(res, { key, value, updatedAt: after?.updatedAt }, 'Updated Successfully');
  });

  router.post('/users/status', permit('users.manage'), async (req, res) => {
    const input = parseInput(userStatusBody, req.body);
    const user = input.phone ? await findUserByPhone(db, input.phone, input.areaCode) : undefined;
    if (!user) throw new AppError('PHONE_NOT_REGISTERED');
    ok(res, await changeUserStatus(db, clock, actorOf(req), user, input.status), 'Updated Successfully');
  });

  return router;
}
