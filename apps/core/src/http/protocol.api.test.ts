import { decodeResponse, encodeText } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, nextPhone, registerUser, snapshotDatabase, type TestContext } from '../testing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});

describe('envelope', () => {
  it('answers { code, message, result, timestamp } with HTTP 200, even for unknown paths', async () => {
    const response = await ctx.api.fetch('/app/nothing/here');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ code: 404, message: 'Not found', result: null, timestamp: expect.any(Number) });
  });

  it('serves a health check', async () => {
    expect(await ctx.api.get('/health')).toMatchObject({ code: 200, result: { status: 'ok' } });
  });

  it('translates messages by Accept-Language, falling back to English', async () => {
    const ask = (language: string) => ctx.api.post('/app/auth/login', {}, { headers: { 'Accept-Language': language } });
    expect((await ask('ar')).message).toBe('يرجى إدخال رقم الهاتف');
    expect((await ask('fa-IR')).message).toBe('لطفاً شماره تلفن را وارد کنید');
    expect((await ask('zh-TW')).message).toBe('請輸入手機號碼');
    expect((await ask('vi')).message).toBe('Vui lòng nhập số điện thoại');
    expect((await ask('de-DE')).message).toBe('Please enter the phone');
  });

  it("sets an API answer's security headers: nothing may frame, load or sniff it, and no document's headers", async () => {
    const response = await ctx.api.fetch('/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    // A document's headers (what a page may load or do) are the web app's: see web.test.ts.
    expect(response.headers.get('referrer-policy')).toBeNull();
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe('bad bodies are clear errors, never a 500', () => {
  it.each([
    ['JSON instead of a form', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"phone":"9876543210"}' }, 400],
    ['broken JSON', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }, 400],
    ['plain text', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'phone=1' }, 400],
    ['no body', { method: 'POST' }, 400],
    [
      'malformed percent-encoding',
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'phone=%E0%A4%A&password=%' },
      400,
    ],
    ['an oversized form', form({ phone: 'x'.repeat(70_000) }), 413],
    ['too many fields', form(Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`f${i}`, 'x']))), 413],
  ])('%s', async (_name, init, code) => {
    const before = await snapshotDatabase(ctx.db);
    const answer = await ctx.api.send('/app/auth/login', init as RequestInit);
    expect(answer.code).toBe(code);
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });
});

describe('control characters', () => {
  it.each([
    ['register invitationCode', '/app/auth/register', { invitationCode: 'AB\u0000CD' }, 'invitationCode'],
    ['login areaCode', '/app/auth/login', { areaCode: '9\u00001' }, 'areaCode'],
    ['nickName', '/app/user/modifyUserBaseInfo', { nickName: 'Ann\u0000' }, 'nickName'],
    ['payChannelName', '/app/user/cashRecharge/recharge', { payChannelName: '\u0007sandbox', amount: '10' }, 'payChannelName'],
  ])('%s: a clear 400 naming the field, nothing changed', async (_name, path, fields, field) => {
    const user = await registerUser(ctx);
    const before = await snapshotDatabase(ctx.db);
    const plausible = { phone: user.phone, password: user.password, confirmPassword: user.password, code: '123456' };
    const answer = await ctx.api.post(path, { ...plausible, ...fields }, { token: user.token });
    expect(answer).toMatchObject({
      code: 400,
      message: 'Remove the invisible control characters from this field',
      result: { field },
    });
    expect(await snapshotDatabase(ctx.db)).toEqual(before);
  });
});

describe('the wire codec', () => {
  it('decodes an encrypted request and scrambles the answer after POST:', async () => {
    const user = await registerUser(ctx);
    const data = encodeText(new URLSearchParams({ phone: user.phone, password: user.password }).toString());
    const response = await ctx.api.fetch('/app/auth/login', {
      ...form({ data }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', Encryption: '1' },
    });
    const text = await response.text();
    expect(text.startsWith('POST:')).toBe(true);
    const envelope = JSON.parse(decodeResponse(text));
    expect(envelope.code).toBe(200);
    expect(typeof envelope.result.token).toBe('string');
  });

  it('accepts a key in upper-case hex (any 12 hex characters)', async () => {
    const user = await registerUser(ctx);
    const key = new TextEncoder().encode('ABCDEF012345');
    const body = new TextEncoder().encode(new URLSearchParams({ phone: user.phone, password: user.password }).toString());
    const data = btoa(String.fromCharCode(...key, ...body.map((b, i) => b ^ (key[i % key.length] ?? 0))));
    const response = await ctx.api.fetch('/app/auth/login', {
      ...form({ data }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', Encryption: '1' },
    });
    expect(JSON.parse(decodeResponse(await response.text()))).toMatchObject({ code: 200 });
  });

  it('refuses an encrypted request whose data is missing or broken, in an encrypted answer', async () => {
    const variants: Record<string, string>[] = [{}, { data: '!!!' }, { data: btoa('zzzzzzzzzzzzphone=1') }, { phone: nextPhone() }];
    for (const fields of variants) {
      const response = await ctx.api.fetch('/app/auth/login', {
        ...form(fields),
        headers: { 'content-type': 'application/x-www-form-urlencoded', Encryption: '1' },
      });
      const envelope = JSON.parse(decodeResponse(await response.text()));
      expect(envelope).toMatchObject({ code: 400, message: 'data: Invalid value' });
    }
  });

  it('always encrypts /app/taping/tapingV2, whatever the flag says', async () => {
    const response = await ctx.api.fetch('/app/taping/tapingV2', form({ data: encodeText('count=1') }));
    const text = await response.text();
    expect(text.startsWith('POST:')).toBe(true);
    expect(JSON.parse(decodeResponse(text)).code).toBe(401); // it exists, and needs a login
  });

  it('encrypts GET answers when asked', async () => {
    const response = await ctx.api.fetch('/health', { headers: { Encryption: '1' } });
    expect(JSON.parse(decodeResponse(await response.text()))).toMatchObject({ code: 200 });
  });
});
