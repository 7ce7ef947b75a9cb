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
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><script src="/assets/app-1a2b.js"></script>');
  await writeFile(path.join(dist, 'assets', 'app-1a2b.js'), bundle);
  ctx = await createTestContext({ env: { SKIP_WEB: 'false', WEB_DIST: dist } });
});
afterAll(async () => {
  await ctx.close();
  await rm(dist, { recursive: true, force: true });
});

/** A raw GET (fetch would decompress silently and hide the encoding). */
function get(pathname: string, encoding = 'gzip') {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: number }>((resolve, reject) => {
    const req = request(`${ctx.url}${pathname}`, { headers: { 'Accept-Encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
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
});
