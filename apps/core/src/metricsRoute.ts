import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '@prism/domain';
import type { RequestHandler } from 'express';
import type { Database } from './db/client';
import { poolOf } from './db/client';
import type { ReplicaStatus } from './db/replicas';
import { permit } from './http/permit';
import { broadcastBacklog } from './modules/broadcast';
import { botBacklog } from './modules/notify';
import { operatorAuthentication } from './modules/operator';
import { pendingWithdrawalAges } from './modules/withdraw';
import type { Clock } from './platform/clock';
import type { Metrics, MetricsSources } from './platform/metrics';
import type { Services } from './services';

export interface MetricsRouteDeps {
  metrics: Metrics;
  /** METRICS_TOKEN: what Prometheus sends as `Authorization: Bearer <token>`; undefined: operators only. */
  token: string | undefined;
  operators: Parameters<typeof operatorAuthentication>[0];
}

const BEARER = /^bearer\s+/i;
const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The handlers of GET /core/metrics (a route of the /core router itself: a router mounted without a
 * path would cost every other request a turn of the event loop, http/moduleRouter.ts), this process's metrics (every worker's under node:cluster) in the Prometheus text format (docs/operations.md,
 * "Metrics and alerts"). For operators only: Prometheus with METRICS_TOKEN as a bearer token, or an
 * operator whose role holds dashboard.read (the same figures the dashboard shows) with a personal API
 * token (`Authorization: Ops <token>`). Anyone else: 401 (403 for an operator without the permission),
 * in the usual envelope.
 */
export function metricsRoute(deps: MetricsRouteDeps): RequestHandler[] {
  const answer: RequestHandler = async (_req, res) => {
    const text = await deps.metrics.exposition();
    res.setHeader('Content-Type', deps.metrics.registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.end(text);
  };
  return [metricsAccess(deps), answer];
}

function metricsAccess({ token, operators }: MetricsRouteDeps): RequestHandler {
  const expected = token === undefined ? undefined : digest(token);
  const operator = operatorAuthentication(operators);
  const guard = permit('dashboard.read');
  return (req, res, next) => {
    const header = req.get('Authorization') ?? '';
    if (expected && BEARER.test(header)) {
      // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first difference.
      if (timingSafeEqual(digest(header.replace(BEARER, '').trim()), expected)) return next();
      throw new AppError('UNAUTHORIZED');
    }
    // Not the metrics token: an operator's credential, checked as every /core/admin route checks it.
    Promise.resolve(operator(req, res, (error?: unknown) => (error ? next(error) : guard(req, res, next)))).catch(next);
  };
}

/** The read router (CoreDeps `reads`, db/replicas.ts) when there is one: its replicas' status, no query. Absent: no replica series. */
interface MetricsSourceDeps {
  db: Database;
  clock: Clock;
  reads?: { status(): readonly ReplicaStatus[] } | undefined;
}

/** What the metrics read when scraped, each through its module's door: one cheap query each, kept a few seconds. */
export function metricsSources(deps: MetricsSourceDeps, services: Services): MetricsSources {
  const { db, clock, reads } = deps;
  return {
    pool: poolOf(db),
    ...(reads ? { replicas: () => reads.status() } : {}),
    backlog: async () => {
      const [bot, broadcast] = await Promise.all([botBacklog(db), broadcastBacklog(db)]);
      return { bot: bot.pending, bot_failed: bot.failed, broadcast };
    },
    pendingWithdrawals: () => pendingWithdrawalAges(db, clock.now()),
    ledgerCheck: async () => {
      const latest = await services.liabilities.latest();
      return latest ? { ok: latest.ledgerCheck.ok, at: new Date(latest.ledgerCheck.at) } : null;
    },
  };
}
