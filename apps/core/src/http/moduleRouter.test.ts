import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler, Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moduleRouter, moduleRouters } from './moduleRouter';

/**
 * The gate must change nothing but the work: the same app built with and without it answers
 * every request the same way, a module's prefix guard included on another module's route.
 */
const guard: RequestHandler = (req, res, next) => (req.get('x-pass') ? next() : res.status(401).send(`guard ${req.path}`));

function modules(): Router[] {
  const users = Router();
  // The user module guards everything under /app/user, whoever serves it.
  users.use('/app/user', guard);
  users.get('/app/user/info', (_req, res) => res.send('info'));
  const wallet = Router();
  wallet.post('/app/user/wallet/pay', (_req, res) => res.send('paid')); // guarded by the user module only
  wallet.get('/app/wallet/:id', (req, res) => res.send(`wallet ${req.params.id}`));
  const nested = Router();
  nested.put('/app/sandbox/deposit', (_req, res) => res.send('deposited'));
  const sandbox = Router();
  sandbox.use(nested);
  const files = Router();
  files.use('/files', (req, res) => res.send(`file ${req.path}`));
  const failing = Router();
  failing.get('/app/fail', () => {
    throw new Error('boom');
  });
  failing.use(((error, _req, res, _next) => res.status(500).send(`module caught ${(error as Error).message}`)) as ErrorRequestHandler);
  const game = Router();
  game.post('/app/game/betting', (_req, res) => res.send('bet'));
  return [users, wallet, sandbox, files, failing, game];
}

function app(mode: 'plain' | 'gated' | 'joined') {
  const root = express();
  const core = Router();
  if (mode === 'joined') core.use(moduleRouters(modules()));
  else for (const routes of modules()) core.use(mode === 'gated' ? moduleRouter(routes) : routes);
  core.use((_req, res) => res.status(404).send('not found'));
  core.use(((error, _req, res, _next) => res.status(500).send(`app caught ${(error as Error).message}`)) as ErrorRequestHandler);
  root.use('/core', core);
  return root;
}

const REQUESTS: [string, string, Record<string, string>?][] = [
  ['GET', '/core/app/user/info'],
  ['GET', '/core/app/user/info', { 'x-pass': '1' }],
  ['POST', '/core/app/user/wallet/pay'],
  ['POST', '/core/app/user/wallet/pay', { 'x-pass': '1' }],
  ['POST', '/core/APP/USER/wallet/pay'],
  ['POST', '/core/app/user/wallet/pay/'],
  ['GET', '/core/app/user/anything'],
  ['GET', '/core/app/wallet/7'],
  ['HEAD', '/core/app/wallet/7'],
  ['OPTIONS', '/core/app/wallet/7'],
  ['OPTIONS', '/core/app/game/betting'],
  ['HEAD', '/core/app/game/betting'],
  ['GET', '/core/app/game/betting'],
  ['POST', '/core/app/game/betting'],
  ['PUT', '/core/app/sandbox/deposit'],
  ['GET', '/core/app/sandbox/deposit'],
  ['GET', '/core/files/a/b.png'],
  ['GET', '/core/app/fail'],
  ['GET', '/core/app/wallet/%E0%A4%A'],
  ['GET', '/core/app/user/%E0%A4%A'],
  ['GET', '/core/nothing'],
];

let urls: { plain: string; gated: string; joined: string };
const servers: { close(): void }[] = [];
beforeAll(async () => {
  const listen = (mode: 'plain' | 'gated' | 'joined') =>
    new Promise<string>((resolve) => {
      const server = app(mode).listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
      servers.push(server);
    });
  urls = { plain: await listen('plain'), gated: await listen('gated'), joined: await listen('joined') };
});
afterAll(() => {
  for (const server of servers) server.close();
});

async function answer(base: string, method: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { method, headers });
  return { status: response.status, allow: response.headers.get('allow'), body: await response.text() };
}

describe('moduleRouter', () => {
  it('answers every request as the app without gates does (twice: the remembered decision too)', async () => {
    for (let round = 0; round < 2; round++) {
      for (const [method, path, headers] of REQUESTS) {
        expect(await answer(urls.gated, method, path, headers), `${method} ${path}`).toEqual(
          await answer(urls.plain, method, path, headers),
        );
      }
    }
  });

  it('keeps a module prefix guard on another module route', async () => {
    expect(await answer(urls.gated, 'POST', '/core/app/user/wallet/pay')).toMatchObject({ status: 401, body: 'guard /wallet/pay' });
    expect(await answer(urls.gated, 'POST', '/core/app/user/wallet/pay', { 'x-pass': '1' })).toMatchObject({ status: 200, body: 'paid' });
  });

  it('moduleRouters (all modules as one middleware) answers every request as the app without gates does, twice', async () => {
    for (let round = 0; round < 2; round++) {
      for (const [method, path, headers] of REQUESTS) {
        expect(await answer(urls.joined, method, path, headers), `${method} ${path}`).toEqual(
          await answer(urls.plain, method, path, headers),
        );
      }
    }
    expect(await answer(urls.joined, 'POST', '/core/app/user/wallet/pay')).toMatchObject({ status: 401, body: 'guard /wallet/pay' });
  });

  it('refuses a route added after mounting', () => {
    const routes = Router();
    moduleRouter(routes);
    expect(() => routes.get('/late', (_req, res) => res.send('late'))).toThrow();
  });
});
