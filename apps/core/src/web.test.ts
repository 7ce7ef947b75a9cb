import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './testing';

let dist: string;
let ctx: TestContext;
const bundle = `console.log(${JSON.stringify('prism '.repeat(4000))});`;

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'prism-web-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body></body></html>',
  );
  await writeFile(path.join(dist, 'assets', 'app-1a2b.js'), bundle);
  await writeFile(
    path.join(dist, 'admin.html'),
    '<!doctype html><html><head><title>console</title><script type="module" src="/assets/admin-3c4d.js"></script></head><body></body></html>',
  );
  await mkdir(path.join(dist, '.vite'));
  await writeFile(
    path.join(dist, '.vite', 'page-preloads.json'),
    JSON.stringify({
      home: ['/assets/home-9z8y.js', '"><script>alert(1)</script>'],
      early: ['/assets/early-1a.js', '/assets/early-deps-2b.js'],
    }),
  );
  ctx = await createTestContext({ env: { SKIP_WEB: 'false', WEB_DIST: dist } });
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress silently and hide the encoding). */
function get(pathname: string, encoding = 'gzip', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number; text: string }>(
    (resolve, reject) => {
      const req = request(`${ctx.url}${pathname}`, { headers: { 'Accept-Encoding': encoding, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: body.length, text: body.toString('utf8') });
        });
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** The settings embedded in a served page, parsed as the web app parses them. */
function embedded(html: string): Record<string, string> {
  const match = /<script type="application\/json" id="prism-config">(.*?)<\/script>/s.exec(html);
  expect(match, 'the page has no prism-config script').not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null') as Record<string, string>;
}

describe('the built web app', () => {
  it('is served compressed, with immutable caching for hashed assets', async () => {
    const asset = await get('/assets/app-1a2b.js');
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.bytes).toBeLessThan(bundle.length / 10);
    expect(asset.headers['cache-control']).toContain('immutable');
    const plain = await get('/assets/app-1a2b.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes).toBe(bundle.length);
  });

  it('answers every page path with index.html, never cached, and leaves the API alone', async () => {
    const page = await get('/pages/game/verify');
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toContain('text/html');
    const api = await fetch(`${ctx.url}/core/no-such-call`);
    expect(api.headers.get('content-type')).toContain('application/json');
    expect(await api.json()).toMatchObject({ code: 404 });
  });

  it('embeds the public settings the first pages need, escaped, and answers 304 to a matching ETag', async () => {
    const page = await get('/pages/login/login', 'identity');
    expect(embedded(page.text)).toEqual({
      DEMO_MODE: 'true',
      COUNTRY_CODE: '91,1,44,84,98,971,966,886',
      CURRENCY_SYMBOL: '$',
      DEV_OUTBOX: 'true',
    });
    // In the head, before the module script runs.
    expect(page.text.indexOf('id="prism-config"')).toBeLessThan(page.text.indexOf('</head>'));
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^(W\/)?"[\w-]+"$/);
    const again = await get('/pages/team/team', 'gzip', { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    // /index.html itself is the same page, not the bare file.
    expect(embedded((await get('/index.html', 'identity')).text)).toMatchObject({ DEMO_MODE: 'true' });

    // An operator's value that tries to close the script: written as \u003c, read back intact.
    const hostile = '</script><script>alert(1)</script><!--';
    await ctx.services.config.set('COUNTRY_CODE', hostile);
    const changed = await get('/pages/login/login', 'identity', { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.text).not.toContain('<script>alert');
    expect(changed.text.match(/<\/script>/g)).toHaveLength(2);
    expect(embedded(changed.text).COUNTRY_CODE).toBe(hostile);
    await ctx.services.config.set('COUNTRY_CODE', '91');
  });

  it("names the early entry on the home and entry pages, the home page's chunk on home, nothing on login", async () => {
    const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
    const script = /<script type="module" async crossorigin src="([^"]+)"><\/script>/g;
    const home = await get('/pages/home/home', 'identity');
    expect([...home.text.matchAll(script)].map((m) => m[1])).toEqual(['/assets/early-1a.js']);
    expect([...home.text.matchAll(preload)].map((m) => m[1])).toEqual(['/assets/early-deps-2b.js', '/assets/home-9z8y.js']);
    expect(home.text).not.toContain('alert(1)');
    const entry = await get('/', 'identity');
    expect([...entry.text.matchAll(script)].map((m) => m[1])).toEqual(['/assets/early-1a.js']);
    expect(entry.text).not.toContain('home-9z8y');
    const login = await get('/pages/login/login', 'identity');
    expect(login.text).not.toContain('modulepreload');
    expect(login.text).not.toContain('early-1a');
    // The pages differ, so their ETags do.
    expect(login.headers.etag).not.toBe(home.headers.etag);
    expect((await get('/pages/login/login', 'identity', { 'If-None-Match': home.headers.etag as string })).status).toBe(200);
  });
});

describe('the operator console', () => {
  it('answers /admin and every path under it with admin.html: not framed, not indexed, not cached', async () => {
    for (const pathname of ['/admin', '/admin/', '/admin/withdrawals/12', '/admin/setup/abc', '/admin.html']) {
      const page = await get(pathname, 'identity');
      expect(page.status, pathname).toBe(200);
      expect(page.text, pathname).toContain('admin-3c4d.js');
      // The players' renderer is not used: no page settings, no preloads.
      expect(page.text, pathname).not.toContain('prism-config');
      expect(page.text, pathname).not.toContain('modulepreload');
      expect(page.headers['content-security-policy'], pathname).toContain("frame-ancestors 'none'");
      expect(page.headers['content-security-policy'], pathname).not.toContain('telegram.org');
      expect(page.headers['x-frame-options'], pathname).toBe('DENY');
      expect(page.headers['x-robots-tag'], pathname).toContain('noindex');
      expect(page.headers['cache-control'], pathname).toBe('no-store');
    }
  });

  it('leaves the players\' pages, and paths that only start with "admin", to the players\' app', async () => {
    for (const pathname of ['/pages/home/home', '/administrator']) {
      const page = await get(pathname, 'identity');
      expect(page.text, pathname).toContain('prism-config');
      expect(page.headers['content-security-policy'], pathname).toContain('telegram.org');
    }
    // The operator API is not the page.
    const api = await fetch(`${ctx.url}/core/admin/operators`);
    expect(api.headers.get('content-type')).toContain('application/json');
  });
});
