import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../platform/logger';
import { createErrorHandler } from './errorHandler';

/** What the database layer throws when it goes away, as node-postgres (or PgBouncer through it) reports it. */
const thrown: Record<string, unknown> = {
  '/pgbouncer-login': Object.assign(new Error('server login has been failing, try again later (server_login_retry)'), { code: '08P01' }),
  '/admin-shutdown': Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
  '/wrapped': Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('query_wait_timeout'), { code: '08P01' }) }),
  '/bug': new TypeError('x is undefined'),
};

const logged: string[] = [];
const logger = { error: (_fields: unknown, message: string) => logged.push(message) } as unknown as Logger;
let base: string;
let close: () => void;
beforeAll(async () => {
  const app = express();
  for (const [route, error] of Object.entries(thrown)) {
    app.get(route, () => {
      throw error;
    });
  }
  app.use(createErrorHandler(logger));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('the error handler', () => {
  it('answers 503 "briefly unavailable" (retryable) when the database or its pooler is away, and logs no bug', async () => {
    for (const route of ['/pgbouncer-login', '/admin-shutdown', '/wrapped']) {
      const answer = (await (await fetch(base + route)).json()) as { code: number; message: string };
      expect(answer.code, route).toBe(503);
      expect(answer.message).toMatch(/briefly unavailable/);
    }
    expect(logged).toEqual([]);
  });

  it('answers anything else as an internal error, logged', async () => {
    const answer = (await (await fetch(`${base}/bug`)).json()) as { code: number };
    expect(answer.code).toBe(500);
    expect(logged).toEqual(['unhandled error']);
  });
});
