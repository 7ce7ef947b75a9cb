import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSequence } from './sequence';

/** The same middlewares as layers of their own and in one sequence: every request answered alike. */
const mark =
  (name: string): RequestHandler =>
  (req, res, next) => {
    res.append('x-seen', name);
    if (req.query.stop === name) {
      res.send(`stopped at ${name}`);
      return;
    }
    if (req.query.throw === name) throw new Error(`thrown by ${name}`);
    if (req.query.reject === name) return Promise.reject(new Error(`rejected by ${name}`)) as unknown as undefined;
    if (req.query.next === name) return next(new Error(`passed by ${name}`));
    next();
  };
const later: RequestHandler = async (_req, _res, next) => {
  await new Promise((resolve) => setTimeout(resolve, 1));
  next();
};

function app(sequenced: boolean) {
  const handlers = [mark('a'), later, mark('b'), mark('c')];
  const root = express();
  if (sequenced) root.use(inSequence(...handlers));
  else for (const handler of handlers) root.use(handler);
  root.get('/x', (_req, res) => {
    res.send('route');
  });
  root.use(((error, _req, res, _next) => res.status(500).send(`caught ${(error as Error).message}`)) as ErrorRequestHandler);
  return root;
}

const urls: string[] = [];
const servers: { close(): void }[] = [];
beforeAll(async () => {
  for (const sequenced of [false, true])
    urls.push(
      await new Promise<string>((resolve) => {
        const server = app(sequenced).listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
        servers.push(server);
      }),
    );
});
afterAll(() => {
  for (const server of servers) server.close();
});

async function answer(base: string, query: string) {
  const response = await fetch(`${base}/x${query}`);
  return { status: response.status, seen: response.headers.get('x-seen'), body: await response.text() };
}

describe('inSequence', () => {
  it('answers as the same middlewares mounted one by one: passing, stopping, throwing, rejecting, next(error)', async () => {
    for (const query of ['', '?stop=b', '?throw=a', '?throw=c', '?reject=b', '?next=a', '?next=c'])
      expect(await answer(urls[1] as string, query), query).toEqual(await answer(urls[0] as string, query));
    expect(await answer(urls[1] as string, '?throw=b')).toEqual({ status: 500, seen: 'a, b', body: 'caught thrown by b' });
  });
});
