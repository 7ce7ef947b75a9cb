import type { Request, RequestHandler, Response } from 'express';
import pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ReplicaStatus } from '../db/replicas';
import { ANSWERED_ERROR } from '../http/errorHandler';
import { type Cached, cached } from './cached';
import type { Clock } from './clock';
import { systemClock } from './clock';
import { workerMetricsExchange } from './clusterMetrics';

/**
 * Prometheus metrics for operators (docs/operations.md, "Metrics and alerts"). Each process has its
 * own registry (never prom-client's global one: tests and several apps in one process would collide)
 * and answers for itself at GET /core/metrics. Creating one starts nothing: the figures read from the
 * database are read when Prometheus scrapes, each source kept a few seconds (one cheap query each).
 */
export interface Metrics {
  /** The registry, for the route (registry.contentType) and tests. */
  registry: Registry;
  /** What GET /core/metrics answers: this process's series, or under node:cluster every worker's (clusterMetrics.ts). */
  exposition(): Promise<string>;
  /** Times every request, labelled by its route pattern (never the raw path). Mounted first in the app. */
  http: RequestHandler;
  /** Reads the app's route patterns once it is built (createApp), so each request's label is a lookup. */
  learnRoutes(app: unknown): void;
  /** A bet that was placed (a replayed answer is not a bet). */
  betPlaced(coin: string, betKind: string): void;
  /** Bets placed together in one statement (db/batcher.ts); `oneByOne`: the server refused it and they went alone. */
  betBatch(bets: number, oneByOne: boolean): void;
  /** Reads of `statement` done together in one statement (db/scalars.ts); `oneByOne`: it failed and each was read alone. */
  readBatch(statement: string, reads: number, oneByOne: boolean): void;
  /** One session drawn and settled, in seconds (its transaction). */
  observeSettlement(seconds: number): void;
  /** One run of a periodic job (earnings, rebates, notify-daily…): `idle` when it found nothing due. */
  observeJob(job: string, seconds: number, outcome: JobOutcome): void;
  /** This process took (held) or gave up (!held) the leader lock of `job`; the first report of a free job only creates its series. */
  leaderChanged(job: string, held: boolean): void;
  /** The sources read at scrape time, bound once the services exist (they are built after the metrics). */
  setSources(sources: MetricsSources): void;
}

export type JobOutcome = 'ok' | 'idle' | 'failed';

export type { ReplicaStatus };

export interface PendingWithdrawals {
  /** Withdrawals waiting for review. */
  pending: number;
  /** Of them, those waiting for more than an hour. */
  olderThanHour: number;
  /** Age of the oldest, seconds (0 when none). */
  oldestSeconds: number;
}

export interface LedgerCheckResult {
  ok: boolean;
  at: Date;
}

/** What the scrape reads; each is optional (absent: no series). */
export interface MetricsSources {
  /** The node-postgres pool (counts read from it, no query); PGlite has none. */
  pool?: unknown;
  /** The read replicas' state (CoreDeps `reads.status()`); none configured: no series. */
  replicas?: () => readonly ReplicaStatus[];
  /** Messages waiting to be sent, by kind (bot outbox, broadcasts…). */
  backlog?: () => Promise<Record<string, number>>;
  pendingWithdrawals?: () => Promise<PendingWithdrawals>;
  /** The last ledger check (the daily liabilities snapshot's), or null before the first. */
  ledgerCheck?: () => Promise<LedgerCheckResult | null>;
}

export interface MetricsOptions {
  clock?: Clock;
  /** How long a scrape-time database read is kept (ms): several Prometheus servers or a fast scrape cost one query. */
  cacheMs?: number;
  /** Node's process metrics (CPU, memory, event loop lag, GC): on by default. */
  processMetrics?: boolean;
  /** Labels on every series (e.g. `{ worker: '2' }` under node:cluster). */
  labels?: Record<string, string>;
  /** A node:cluster worker: the exposition holds every worker's series, merged by the primary (clusterMetrics.ts). */
  acrossWorkers?: boolean;
  sources?: MetricsSources;
  /**
   * Answers that took longer than `seconds` are also handed to `report` (server.ts logs them at
   * warn, so they show at the production log level, where request lines do not). Free for the
   * others: the histogram's listener already has the duration.
   */
  slowRequests?: { seconds: number; report(request: SlowRequest): void };
}

/** An answer slower than MetricsOptions.slowRequests' bound. */
export interface SlowRequest {
  method: string;
  /** The route's pattern (never the raw path, which may carry ids or codes). */
  route: string;
  status: number;
  ms: number;
  requestId: string | undefined;
}

/** Seconds; a bet is a few ms, a page of history tens, a slow daily job minutes. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SETTLEMENT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 1800, 3600];

export function createMetrics(options: MetricsOptions = {}): Metrics {
  const registry = new Registry();
  if (options.labels) registry.setDefaultLabels(options.labels);
  if (options.processMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'prism_' });
  const clock = options.clock ?? systemClock;
  const requests = createRequestHistogram(registry, options.slowRequests);
  const bets = new Counter({
    name: 'prism_bets_total',
    help: 'Bets placed by this process, by coin and bet kind (rate() gives bets per second).',
    labelNames: ['coin', 'kind'],
    registers: [registry],
  });
  const batched = batchMetrics(registry);
  const settlement = new Histogram({
    name: 'prism_settlement_duration_seconds',
    help: 'Drawing and settling one game session (its transaction), seconds.',
    buckets: SETTLEMENT_BUCKETS,
    registers: [registry],
  });
  const jobs = new Histogram({
    name: 'prism_job_run_duration_seconds',
    help: 'One run of a periodic leader job, seconds; outcome idle = nothing was due.',
    labelNames: ['job', 'outcome'],
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const jobLast = new Gauge({
    name: 'prism_job_last_success_timestamp_seconds',
    help: 'When a run of the job last ended without error (unix seconds).',
    labelNames: ['job'],
    registers: [registry],
  });
  const leader = leaderMetrics(registry);
  const sources: { current: MetricsSources } = { current: options.sources ?? {} };
  scrapeTimeGauges(registry, sources, clock, options.cacheMs ?? 5_000);
  const fromAllWorkers = options.acrossWorkers ? workerMetricsExchange(registry) : undefined;
  return {
    registry,
    exposition: async () => (await fromAllWorkers?.()) ?? registry.metrics(),
    http: requests.middleware,
    learnRoutes: requests.learnRoutes,
    betPlaced: (coin, kind) => bets.inc({ coin, kind }),
    betBatch: batched.betBatch,
    readBatch: batched.readBatch,
    observeSettlement: (seconds) => settlement.observe(seconds),
    observeJob(job, seconds, outcome) {
      jobs.observe({ job, outcome }, seconds);
      if (outcome !== 'failed') jobLast.set({ job }, clock.now().getTime() / 1000);
    },
    leaderChanged: leader.changed,
    setSources(next) {
      sources.current = next;
    },
  };
}

/** Statements of several calls (db/batcher.ts): bets placed together, reads done together. */
function batchMetrics(registry: Registry): Pick<Metrics, 'betBatch' | 'readBatch'> {
  const batches = new Counter({
    name: 'prism_bet_batches_total',
    help: 'Statements of several bets (bets that waited for a busy pool, placed together); outcome one_by_one = refused by the server, each bet then placed alone.',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const batchedBets = new Counter({
    name: 'prism_bets_batched_total',
    help: 'Bets sent in a statement of several (against prism_bets_total: the share of bets placed together).',
    registers: [registry],
  });
  const readBatches = new Counter({
    name: 'prism_read_batches_total',
    help: 'Statements reading for several calls (calls that waited for a busy pool, read together), by statement; outcome one_by_one = it failed, each call then read alone.',
    labelNames: ['statement', 'outcome'],
    registers: [registry],
  });
  const batchedReads = new Counter({
    name: 'prism_reads_batched_total',
    help: 'Calls read in a statement of several, by statement.',
    labelNames: ['statement'],
    registers: [registry],
  });
  return {
    betBatch(count, oneByOne) {
      batches.inc({ outcome: oneByOne ? 'one_by_one' : 'together' });
      batchedBets.inc(count);
    },
    readBatch(statement, count, oneByOne) {
      readBatches.inc({ statement, outcome: oneByOne ? 'one_by_one' : 'together' });
      batchedReads.inc({ statement }, count);
    },
  };
}

function leaderMetrics(registry: Registry) {
  const changes = new Counter({
    name: 'prism_leader_changes_total',
    help: 'This process took (held="true") or gave up (held="false") the leader lock of a job.',
    labelNames: ['job', 'held'],
    registers: [registry],
  });
  const held = new Gauge({
    name: 'prism_leader_held',
    help: 'Whether this process runs the job now (1) or not (0); max by (job) over all processes should be 1.',
    labelNames: ['job'],
    registers: [registry],
  });
  const state = new Map<string, boolean>();
  return {
    changed(job: string, now: boolean): void {
      const before = state.get(job);
      state.set(job, now);
      held.set({ job }, now ? 1 : 0);
      // A job first seen free is no change; taking it, at start or later, is one.
      if (before === now || (before === undefined && !now)) return;
      changes.inc({ job, held: String(now) });
    },
  };
}

// --- HTTP requests --------------------------------------------------------------------------------

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** The envelope's verdict: the API answers its errors with HTTP 200 and a code (docs/api.md). */
const OUTCOMES = ['ok', 'rejected', 'error'] as const;
/** Envelope errors that are ours, not the caller's: what the error-rate alert counts. */
const SERVER_ERRORS = new Set(['INTERNAL', 'SERVICE_UNAVAILABLE']);

/** One label set's running figures: bucket counts (cumulated only when scraped), sum and count. */
interface Cell {
  labels: { method: string; route: string; status: string; outcome: string };
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * The request histogram, kept by hand rather than by prom-client's Histogram, whose observe()
 * validates and hashes the labels into a string on every call: here a request finds its cells
 * through its route object (two map lookups, no string built), and the cell's bucket is one short
 * scan. The scrape reads the cells through the registry like any other metric.
 */
function createRequestHistogram(registry: Registry, slow?: MetricsOptions['slowRequests']) {
  const cells: Cell[] = [];
  /** The declared pattern of every route of the app (learnRoutes), by route object. */
  const patterns = new WeakMap<object, string>();
  /** route object (or UNMATCHED) -> method -> the cells, by status class and outcome. */
  const byRoute = new WeakMap<object, Map<string, (Cell | undefined)[]>>();
  const UNMATCHED = {};
  const rowOf = (route: object, method: string) => {
    const methods = byRoute.get(route) ?? new Map<string, (Cell | undefined)[]>();
    if (!byRoute.has(route)) byRoute.set(route, methods);
    const row = methods.get(method) ?? [];
    if (!methods.has(method)) methods.set(method, row);
    return row;
  };
  const observe = (req: Request, res: Response, seconds: number) => {
    const route = (req as { route?: { path?: unknown } }).route;
    const method = METHODS.has(req.method) ? req.method : 'OTHER';
    const row = rowOf(route ?? UNMATCHED, method);
    const index = cellIndex(res);
    let cell = row[index];
    if (!cell) {
      // Once per route, method, status class and outcome. A route the walk did not see (added later):
      // its router's mount point as the request saw it.
      const pattern = route ? (patterns.get(route) ?? patternOf(req.baseUrl, route.path)) : '(unmatched)';
      cell = newCell(cells, method, pattern, index);
      row[index] = cell;
    }
    let bucket = 0;
    while (bucket < HTTP_BUCKETS.length && seconds > (HTTP_BUCKETS[bucket] as number)) bucket++;
    cell.buckets[bucket] = (cell.buckets[bucket] as number) + 1;
    cell.sum += seconds;
    cell.count++;
    if (slow && seconds > slow.seconds)
      slow.report({ method, route: cell.labels.route, status: res.statusCode, ms: Math.round(seconds * 1000), requestId: req.requestId });
  };
  registry.registerMetric(requestMetric(cells) as never);
  const middleware: RequestHandler = (req, res, next) => {
    const started = performance.now();
    res.once('finish', () => observe(req, res, (performance.now() - started) / 1000));
    next();
  };
  return { middleware, learnRoutes: (app: unknown) => walkRoutes(routerStack(app), '', patterns) };
}

/** What we read of Express's router internals (router 2.x), as testing/routes.ts and http/moduleRouter.ts do. */
interface Layer {
  rawPath?: string;
  slash?: boolean;
  route?: { path?: unknown };
  handle?: { stack?: unknown; router?: { stack?: unknown } };
}

function routerStack(app: unknown): Layer[] {
  const stack = (app as { router?: { stack?: unknown } }).router?.stack;
  return Array.isArray(stack) ? (stack as Layer[]) : [];
}

/**
 * Every route's full pattern (its routers' mount paths, then its own path). Read once, at start:
 * at the time an answer is sent after an error, Express has already restored req.baseUrl to an
 * outer router's (a /core/admin route's error is answered by /core's handler), so the request
 * cannot tell its route's mount point itself.
 */
function walkRoutes(stack: Layer[], prefix: string, patterns: WeakMap<object, string>): void {
  for (const layer of stack) {
    const inner = layer.handle?.router?.stack ?? layer.handle?.stack;
    if (layer.route) patterns.set(layer.route, patternOf(prefix, layer.route.path));
    else if (Array.isArray(inner)) walkRoutes(inner as Layer[], prefix + (layer.slash || !layer.rawPath ? '' : layer.rawPath), patterns);
  }
}

/** The cell's place in its row: status class x outcome. */
function cellIndex(res: Response): number {
  const status = Math.min(4, Math.max(0, Math.trunc(res.statusCode / 100) - 1));
  const error = res.locals[ANSWERED_ERROR] as string | undefined;
  const outcome = error === undefined ? (status === 4 ? 2 : status === 3 ? 1 : 0) : SERVER_ERRORS.has(error) ? 2 : 1;
  return status * OUTCOMES.length + outcome;
}

function newCell(cells: Cell[], method: string, route: string, index: number): Cell {
  const status = STATUS_CLASSES[Math.trunc(index / OUTCOMES.length)] ?? '5xx';
  const outcome = OUTCOMES[index % OUTCOMES.length] ?? 'error';
  const cell: Cell = { labels: { method, route, status, outcome }, buckets: new Float64Array(HTTP_BUCKETS.length + 1), sum: 0, count: 0 };
  cells.push(cell);
  return cell;
}

/** The route as declared, under the path its router is mounted at (e.g. /core/admin/withdrawals/:id/approve). */
function patternOf(base: string, path: unknown): string {
  // A regular expression route (the web app's fallback) is bounded but long: named by its kind.
  return typeof path === 'string' ? `${base}${path}` : `${base}(pattern)`;
}

/** The cells as prom-client's registry reads a histogram (cumulative buckets, +Inf, sum, count). */
function requestMetric(cells: Cell[]) {
  const name = 'prism_http_request_duration_seconds';
  return {
    name,
    help: 'HTTP requests by method, route pattern, status class and envelope outcome (ok, rejected: the caller, error: ours), seconds.',
    type: 'histogram',
    aggregator: 'sum',
    get() {
      const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
      for (const cell of cells) {
        let cumulated = 0;
        HTTP_BUCKETS.forEach((le, i) => {
          cumulated += cell.buckets[i] as number;
          values.push({ metricName: `${name}_bucket`, labels: { ...cell.labels, le }, value: cumulated });
        });
        values.push({ metricName: `${name}_bucket`, labels: { ...cell.labels, le: '+Inf' }, value: cell.count });
        values.push({ metricName: `${name}_sum`, labels: cell.labels, value: cell.sum });
        values.push({ metricName: `${name}_count`, labels: cell.labels, value: cell.count });
      }
      return { name, help: this.help, type: 'histogram', aggregator: 'sum', values };
    },
  };
}

// --- Read when scraped ----------------------------------------------------------------------------

/** A source read at most once per `ttlMs`; a failing read leaves its series out of that scrape. */
function keep<T>(read: (() => Promise<T>) | undefined, ttlMs: number): Cached<T | undefined> | undefined {
  return read ? cached(() => read().catch(() => undefined), ttlMs) : undefined;
}

type Series = { labels?: Record<string, string>; value: number }[];

/**
 * A gauge read when scraped whose series are exactly what `read` gives: none when its source is
 * absent or failed (prom-client's Gauge would show 0 for a gauge without labels, which on PGlite,
 * before the first ledger check or with no replica would read as a real figure).
 */
function scrapeGauge(registry: Registry, name: string, help: string, read: () => Series | Promise<Series>): void {
  const metric = {
    name,
    help,
    type: 'gauge',
    aggregator: 'sum',
    async get() {
      const series = await read();
      return { name, help, type: 'gauge', aggregator: 'sum', values: series.map(({ labels = {}, value }) => ({ labels, value })) };
    },
  };
  registry.registerMetric(metric as never);
}

function scrapeTimeGauges(registry: Registry, sources: { current: MetricsSources }, clock: Clock, ttlMs: number): void {
  poolGauges(registry, () => sources.current.pool);
  replicaGauges(registry, () => sources.current.replicas);
  let bound: MetricsSources | undefined;
  let reads: ReturnType<typeof keptReads> | undefined;
  const current = () => {
    if (bound !== sources.current || !reads) {
      bound = sources.current;
      reads = keptReads(bound, ttlMs);
    }
    return reads;
  };
  scrapeGauge(
    registry,
    'prism_outbox_backlog',
    'Messages waiting to be sent, by kind (bot: the bot outbox, bot_failed: of them those a send failed, broadcast: broadcast deliveries).',
    async () => Object.entries((await current().backlog?.get()) ?? {}).map(([kind, value]) => ({ labels: { kind }, value })),
  );
  withdrawalGauges(registry, () => current().withdrawals);
  ledgerGauges(registry, () => current().ledger, clock);
}

function keptReads(sources: MetricsSources, ttlMs: number) {
  return {
    backlog: keep(sources.backlog, ttlMs),
    withdrawals: keep(sources.pendingWithdrawals, ttlMs),
    // The ledger check is daily: a minute's staleness is nothing, and its read is a snapshot row.
    ledger: keep(sources.ledgerCheck, Math.max(ttlMs, 60_000)),
  };
}

function withdrawalGauges(registry: Registry, source: () => Cached<PendingWithdrawals | undefined> | undefined): void {
  const gauge = (name: string, help: string, pick: (found: PendingWithdrawals) => number) =>
    scrapeGauge(registry, name, help, async () => {
      const found = await source()?.get();
      return found ? [{ value: pick(found) }] : [];
    });
  gauge('prism_withdrawals_pending', 'Withdrawals waiting for review.', (found) => found.pending);
  gauge('prism_withdrawals_pending_over_1h', 'Withdrawals waiting for review for more than an hour.', (found) => found.olderThanHour);
  gauge(
    'prism_withdrawals_oldest_pending_seconds',
    'Age of the oldest withdrawal waiting for review (0: none).',
    (found) => found.oldestSeconds,
  );
}

function ledgerGauges(registry: Registry, source: () => Cached<LedgerCheckResult | null | undefined> | undefined, clock: Clock): void {
  const gauge = (name: string, help: string, pick: (last: LedgerCheckResult) => number) =>
    scrapeGauge(registry, name, help, async () => {
      const last = await source()?.get();
      return last ? [{ value: pick(last) }] : [];
    });
  gauge(
    'prism_ledger_check_ok',
    'The last ledger check (the daily liabilities snapshot): 1 OK, 0 not OK; no series before the first.',
    (last) => (last.ok ? 1 : 0),
  );
  gauge('prism_ledger_check_age_seconds', 'Seconds since the last ledger check ran.', (last) =>
    Math.max(0, (clock.now().getTime() - last.at.getTime()) / 1000),
  );
}

/** pg.Pool's own counters: no query. PGlite (no pool) gives no series. */
function poolGauges(registry: Registry, pool: () => unknown): void {
  const gauge = (name: string, help: string, pick: (p: pg.Pool) => number) =>
    scrapeGauge(registry, name, help, () => {
      const found = pool();
      return found instanceof pg.Pool ? [{ value: pick(found) }] : [];
    });
  gauge('prism_db_pool_connections', 'Connections the pool holds (busy and idle).', (p) => p.totalCount);
  gauge('prism_db_pool_idle', 'Idle connections in the pool.', (p) => p.idleCount);
  gauge('prism_db_pool_waiting', 'Queries waiting for a connection now (the pool is exhausted while > 0).', (p) => p.waitingCount);
  gauge('prism_db_pool_max', 'The pool size (DATABASE_POOL_SIZE).', (p) => p.options.max ?? 10);
}

function replicaGauges(registry: Registry, status: () => MetricsSources['replicas']): void {
  const each = (name: string, help: string, pick: (replica: ReplicaStatus) => number | null) =>
    scrapeGauge(registry, name, help, () =>
      (status()?.() ?? []).flatMap((replica) => {
        const value = pick(replica);
        return value === null ? [] : [{ labels: { replica: replica.name }, value }];
      }),
    );
  each(
    'prism_replica_healthy',
    'Whether the read replica is used (1) or skipped: down or lagging beyond DATABASE_REPLICA_MAX_LAG_MS (0).',
    (r) => (r.healthy ? 1 : 0),
  );
  each('prism_replica_lag_seconds', 'Replay lag of the read replica, seconds.', (r) => (r.lagMs === null ? null : r.lagMs / 1000));
  each('prism_replica_lag_bytes', 'WAL the read replica has not replayed yet, bytes.', (r) => r.lagBytes);
}
