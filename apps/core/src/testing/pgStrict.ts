import { afterEach } from 'vitest';

/**
 * Setup of the PostgreSQL suite: a test fails when pg warned that a query was sent on a client
 * already running one. That happens when queries of one transaction run concurrently
 * (`Promise.all` over queries on a `tx`): pg 8 queues them with this deprecation warning, pg 9
 * refuses them. Pool queries (`db`) may run concurrently; a transaction's must run in turn.
 * pg warns once per test file (util.deprecate), so the first offender fails its test.
 */
const CONCURRENT_QUERY = /already executing a query/;
const seen: string[] = [];
process.on('warning', (warning) => {
  if (warning.name === 'DeprecationWarning' && CONCURRENT_QUERY.test(warning.message)) seen.push(warning.stack ?? warning.message);
});

afterEach(async () => {
  // The warning is emitted on the next tick after the query that caused it.
  await new Promise((resolve) => setImmediate(resolve));
  const found = seen.splice(0);
  if (found.length > 0) throw new Error(`concurrent queries on one pg client (a transaction): run them in turn\n${found.join('\n')}`);
});
