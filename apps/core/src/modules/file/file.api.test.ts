import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, registerUser, snapshotDatabase, type TestContext, type TestUser } from '../../testing';

let ctx: TestContext;
let user: TestUser;
beforeAll(async () => {
  ctx = await createTestContext({ env: { UPLOAD_MAX_BYTES: '20000' } });
  user = await registerUser(ctx);
});
afterAll(() => ctx.close());

/** The smallest valid PNG: 1x1 transparent pixel. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);

function upload(bytes: Uint8Array, name: string, type: string, token: string | null = user.token, fieldName = 'file') {
  const body = new FormData();
  body.append(fieldName, new Blob([bytes], { type }), name);
  return ctx.api.send<{ url: string; size: number; mimeType: string }>('/file/upload', {
    method: 'POST',
    body,
    headers: token ? { Authorization: token } : {},
  });
}

describe('file/upload', () => {
  it('stores an image and serves the same bytes back', async () => {
    const answer = await upload(PNG, 'avatar.png', 'image/png');
    expect(answer.code).toBe(200);
    expect(answer.result).toMatchObject({ size: PNG.length, mimeType: 'image/png' });
    expect(answer.result.url).toMatch(/^\/core\/files\/[0-9a-f]{64}\.png$/);
    const served = await fetch(`${ctx.url}${answer.result.url}`);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect(served.headers.get('content-type')).toBe('image/png');

    const modified = await ctx.api.post<{ headUrl: string }>(
      '/app/user/modifyUserBaseInfo',
      { headUrl: answer.result.url },
      { token: user.token },
    );
    expect(modified.result.headUrl).toBe(answer.result.url);
  });

  it('judges the bytes, not the declared type', async () => {
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    expect(await upload(html, 'a.png', 'image/png')).toMatchObject({ code: 11012 });
    expect((await upload(PNG, 'a.txt', 'text/plain')).code).toBe(200);
  });

  it('refuses too large files, missing files, other field names and anonymous callers, storing nothing', async () => {
    const before = await snapshotDatabase(ctx.db);
    const big = new Uint8Array(20_001);
    big.set(PNG);
    expect((await upload(big, 'big.png', 'image/png')).code).toBe(413);
    expect((await upload(PNG, 'a.png', 'image/png', user.token, 'other')).code).toBe(400);
    expect((await ctx.api.send('/file/upload', { method: 'POST', headers: { Authorization: user.token } })).code).toBe(11014);
    expect((await upload(PNG, 'a.png', 'image/png', null)).code).toBe(401);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });

  it('does not serve paths outside the upload folder', async () => {
    const response = await fetch(`${ctx.url}/core/files/..%2f..%2fpackage.json`);
    const body = await response.text();
    expect(body).not.toContain('"name"');
  });
});
