import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createAppServer, createServerFor, serveApp } from './appClasses';

/** An app that tells, per request, whether req and res were born with its prototypes (before Express set them). */
function probe() {
  const app = express();
  const born: boolean[] = [];
  const handle = (req: unknown, res: unknown) => (app as unknown as { handle(req: unknown, res: unknown): void }).handle(req, res);
  // Looks before Express's own setPrototypeOf (app.handle), through the app as node:http calls it.
  const entry = ((req: object, res: object) => {
    born.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
    handle(req, res);
  }) as unknown as express.Express;
  Object.assign(entry, { request: app.request, response: app.response });
  app.get('/x', (req, res) => {
    res.json({ path: req.path, query: req.query, ip: typeof req.ip });
  });
  return { app, entry, born };
}

async function get(server: ReturnType<typeof createServerFor>, path: string) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
  return { status: response.status, body: await response.text() };
}

describe('requests born with the app prototypes', () => {
  it("gives req and res the app's prototypes at birth, and Express answers as before", async () => {
    const { entry, born } = probe();
    const server = createServerFor(entry);
    try {
      const answer = await get(server, '/x?a=1');
      expect(answer).toEqual({ status: 200, body: JSON.stringify({ path: '/x', query: { a: '1' }, ip: 'string' }) });
      expect(born).toEqual([true]);
    } finally {
      server.close();
    }
  });

  it('answers with the first listener until the app is served, then with the app', async () => {
    const { entry, born } = probe();
    const server = createAppServer((_req, res) => {
      res.statusCode = 503;
      res.end('starting');
    });
    try {
      expect(await get(server, '/x')).toEqual({ status: 503, body: 'starting' });
      serveApp(server, entry, server.listeners('request')[0] as never);
      const port = (server.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/x`);
      expect(response.status).toBe(200);
      expect(born).toEqual([true]);
    } finally {
      server.close();
    }
  });
});
