import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/** One registry's metrics as registry.getMetricsAsJSON() gives them. */
type Part = object[];

/**
 * GET /core/metrics under node:cluster (WORKERS>1): the primary hands each connection to one worker, so a
 * scrape used to see only that worker's series, and every other worker's went stale between scrapes. Now
 * the worker that is asked asks the primary, the primary asks every live worker for its registry (as JSON,
 * over the cluster's IPC channel), merges them and hands the text back. Each worker's series keep their
 * `worker` label, so the merge adds nothing up: it is every worker's series in one valid exposition (one
 * HELP and TYPE per metric). A worker that does not answer within WORKER_TIMEOUT_MS is left out and
 * `prism_cluster_workers{state="answered"}` says so (against `state="live"`).
 */

const COLLECT = 'prism:metrics:collect';
const PART = 'prism:metrics:part';
const REQUEST = 'prism:metrics:request';
const ANSWER = 'prism:metrics:answer';

/** How long the primary waits for each worker's part; a scrape usually times out after 10 s. */
export const WORKER_TIMEOUT_MS = 2_000;
/** How long a worker waits for the primary's merged answer before answering for itself alone. */
const PRIMARY_TIMEOUT_MS = WORKER_TIMEOUT_MS + 1_000;

type Message = { type?: unknown; id?: unknown; json?: unknown; text?: unknown };
const isMessage = (value: unknown): value is Message => typeof value === 'object' && value !== null;

/**
 * In a worker: answers the primary's collection requests from `registry`, and returns how to ask the
 * primary for every worker's metrics (undefined when the primary does not answer in time). Returns
 * undefined outside a cluster worker (one process answers for itself). Call once per process.
 */
export function workerMetricsExchange(registry: Registry): (() => Promise<string | undefined>) | undefined {
  if (!cluster.isWorker || typeof process.send !== 'function') return undefined;
  const waiting = new Map<number, (text: string | undefined) => void>();
  let next = 0;
  process.on('message', (message: unknown) => {
    if (!isMessage(message)) return;
    if (message.type === COLLECT) {
      void registry.getMetricsAsJSON().then(
        (json) => process.send?.({ type: PART, id: message.id, json }),
        () => process.send?.({ type: PART, id: message.id, json: null }),
      );
    } else if (message.type === ANSWER && typeof message.id === 'number') {
      waiting.get(message.id)?.(typeof message.text === 'string' ? message.text : undefined);
    }
  });
  return () =>
    new Promise((resolve) => {
      const id = next++;
      const done = (text: string | undefined) => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve(text);
      };
      const timer = setTimeout(() => done(undefined), PRIMARY_TIMEOUT_MS);
      waiting.set(id, done);
      process.send?.({ type: REQUEST, id });
    });
}

/** In the primary: answers each worker's request for the merged metrics of every live worker. */
export function serveClusterMetrics(live: () => Iterable<Worker>): void {
  let next = 0;
  cluster.on('message', (asking: Worker, message: unknown) => {
    if (!isMessage(message) || message.type !== REQUEST) return;
    const workers = [...live()];
    void collectParts(workers, next++)
      .then((parts) => mergedText(parts, workers.length))
      .then(
        (text) => asking.isConnected() && asking.send({ type: ANSWER, id: message.id, text }),
        // Nothing to merge with (a part prom-client could not read): the worker answers for itself.
        () => asking.isConnected() && asking.send({ type: ANSWER, id: message.id }),
      );
  });
}

/** Each worker's registry as JSON; a worker that did not answer in time, or failed, is left out. */
function collectParts(workers: Worker[], id: number): Promise<Part[]> {
  return new Promise((resolve) => {
    const parts = new Map<Worker, Part>();
    const finish = () => {
      clearTimeout(timer);
      for (const worker of workers) worker.off('message', onPart.get(worker) as () => void);
      resolve([...parts.values()]);
    };
    const timer = setTimeout(finish, WORKER_TIMEOUT_MS);
    const answered = new Set<Worker>();
    const onPart = new Map<Worker, (message: unknown) => void>();
    for (const worker of workers) {
      const listener = (message: unknown) => {
        if (!isMessage(message) || message.type !== PART || message.id !== id || answered.has(worker)) return;
        answered.add(worker);
        if (Array.isArray(message.json)) parts.set(worker, message.json as Part);
        if (answered.size === workers.length) finish();
      };
      onPart.set(worker, listener);
      worker.on('message', listener);
      if (worker.isConnected()) worker.send({ type: COLLECT, id });
      else answered.add(worker);
    }
    if (answered.size === workers.length) finish();
  });
}

/** One exposition of every part, plus how many workers are live and how many answered. */
function mergedText(parts: Part[], live: number): Promise<string> {
  const counts = {
    name: 'prism_cluster_workers',
    help: 'Core workers under node:cluster: live, and answered (those whose series this scrape holds).',
    type: 'gauge',
    aggregator: 'first',
    values: [
      { value: live, labels: { state: 'live' } },
      { value: parts.length, labels: { state: 'answered' } },
    ],
  };
  return AggregatorRegistry.aggregate([...parts, [counts]]).metrics();
}
