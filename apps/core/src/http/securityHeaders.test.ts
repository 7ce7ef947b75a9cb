import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { API_SECURITY_HEADERS, isApiPath, securityHeaders, staticSecurityHeaders, WEB_HELMET_OPTIONS } from './securityHeaders';

async function headersOf(middleware: RequestHandler, path = '/x'): Promise<Record<string, string>> {
  const app = express();
  app.use(middleware);
  app.use((_req, res) => {
    res.send('x');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
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

describe('securityHeaders', () => {
  const all = (path: string) => headersOf(securityHeaders(), path);

  it("gives the API's answers the API's set and everything else helmet's, by path", async () => {
    const web = await headersOf(staticSecurityHeaders(WEB_HELMET_OPTIONS));
    for (const path of ['/core/app/user/getUserInfo', '/core', '/core?x=1', '/core/']) {
      const headers = await all(path);
      for (const [name, value] of API_SECURITY_HEADERS) expect(headers[name.toLowerCase()], path).toBe(value);
      expect(headers['referrer-policy'], path).toBeUndefined();
    }
    for (const path of ['/', '/pages/home/home', '/corex', '/core.html', '/admin']) {
      const headers = await all(path);
      expect(headers['content-security-policy'], path).toBe(web['content-security-policy']);
      expect(headers['referrer-policy'], path).toBe('no-referrer');
    }
  });

  it('tells an API path from others', () => {
    expect(['/core', '/core/', '/core/x', '/core?a=1'].map(isApiPath)).toEqual([true, true, true, true]);
    expect(['/', '/cor', '/corex', '/core.js', '/x/core'].map(isApiPath)).toEqual([false, false, false, false, false]);
  });
});
