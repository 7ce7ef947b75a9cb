import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { staticSecurityHeaders } from './securityHeaders';

async function headersOf(middleware: RequestHandler): Promise<Record<string, string>> {
  const app = express();
  app.use(middleware);
  app.get('/x', (_req, res) => {
    res.send('x');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
    const headers = Object.fromEntries(response.headers);
    delete headers.date;
    return headers;
  } finally {
    server.close();
  }
}

describe('staticSecurityHeaders', () => {
  it('answers with exactly the headers helmet sets per request', async () => {
    const options: HelmetOptions = {
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'self'", 'https://web.telegram.org'] } },
      xFrameOptions: false,
      crossOriginEmbedderPolicy: false,
    };
    const recorded = await headersOf(staticSecurityHeaders(options));
    expect(recorded).toEqual(await headersOf(helmet(options)));
    expect(recorded['content-security-policy']).toContain('frame-ancestors');
    expect(recorded['x-powered-by']).toBeUndefined();
  });
});
