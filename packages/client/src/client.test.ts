import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestContext, lastSmsCode, nextPhone, type TestContext } from '@prism/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './endpoints';
import { ApiError, HttpClient } from './index';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

function client(options: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({ baseURL: `${ctx.url}/core/`, ...options });
}

async function registered(encryption = false) {
  const phone = nextPhone();
  const api = client({ encryption });
  await api.sms.sendSmsCodeNoAuth({ phone, type: 'register' });
  const code = await lastSmsCode(ctx.db, phone);
  const { token } = await api.auth.register({ phone, password: 'secret123', confirmPassword: 'secret123', code });
  return { phone, token };
}

describe('the API client against a real core', () => {
  it('returns the result of code 200 and sends the token in both headers', async () => {
    const { phone, token } = await registered();
    const info = await client({ getToken: () => token }).user.getUserInfo();
    expect(info.phone).toBe(phone);
    expect(info.chip).toBe('0.00');
  });

  it('round-trips every call through the codec when encryption is on', async () => {
    const { phone, token } = await registered(true);
    const info = await client({ getToken: () => token, encryption: true }).user.getUserInfo();
    expect(info.phone).toBe(phone);
  });

  it('throws a typed error with the code, the translated message and field messages', async () => {
    const error = await client({ getLocale: () => 'ar' })
      .auth.register({ phone: '123', password: 'secret123', confirmPassword: 'other123', code: '' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError).toMatchObject({ code: 400, kind: 'business', message: 'أدخل رقمًا من عشرة أرقام' });
    expect(Object.keys(apiError.fields)).toEqual(['phone', 'confirmPassword', 'code']);
  });

  it('calls onSessionExpired for 401 and 50001 before throwing, and not for other errors', async () => {
    const expired: number[] = [];
    const api = client({ getToken: () => 'not-a-token', onSessionExpired: (e) => expired.push(e.code) });
    await expect(api.user.getUserInfo()).rejects.toMatchObject({ code: 401 });
    await expect(api.config.getSysCfgValue('NOPE')).rejects.toMatchObject({ code: 11015 });
    expect(expired).toEqual([401]);
  });

  it('renews an expired session once with refreshSession and sends the call again, without reporting expiry', async () => {
    const { phone, token } = await registered();
    let current = 'a-dead-token';
    const expired: number[] = [];
    let refreshes = 0;
    const api = client({
      getToken: () => current,
      onSessionExpired: (e) => expired.push(e.code),
      refreshSession: async () => {
        refreshes += 1;
        current = token;
        return true;
      },
    });
    await expect(api.user.getUserInfo()).resolves.toMatchObject({ phone });
    expect(refreshes).toBe(1);
    expect(expired).toEqual([]);
  });

  it('reports expiry once when refreshSession cannot renew, or when the renewed call fails again', async () => {
    const expired: number[] = [];
    const refused = client({ getToken: () => 'dead', onSessionExpired: (e) => expired.push(e.code), refreshSession: async () => false });
    await expect(refused.user.getUserInfo()).rejects.toMatchObject({ code: 401 });
    expect(expired).toEqual([401]);

    let refreshes = 0;
    let current = 'dead-1';
    const stillDead = client({
      getToken: () => current,
      onSessionExpired: (e) => expired.push(e.code),
      refreshSession: async () => {
        refreshes += 1;
        current = 'dead-2';
        return true;
      },
    });
    await expect(stillDead.user.getUserInfo()).rejects.toMatchObject({ code: 401 });
    expect(refreshes).toBe(1);
    expect(expired).toEqual([401, 401]);
  });

  it('uploads multipart files', async () => {
    const { token } = await registered();
    const png = Uint8Array.from(
      atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
      (c) => c.charCodeAt(0),
    );
    const progress: number[] = [];
    const file = await client({ getToken: () => token }).file.upload(new Blob([png], { type: 'image/png' }), 'a.png', {
      onUploadProgress: (f) => progress.push(f),
    });
    expect(file.url).toMatch(/^\/core\/files\/[0-9a-f]{64}\.png$/);
  });
});

describe('transport failures map to the specification codes', () => {
  it('5 when nothing listens', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    const api = createApiClient({ baseURL: `http://127.0.0.1:${port}/core/` });
    await expect(api.config.getDownloadUrl()).rejects.toMatchObject({ code: 5, kind: 'transport', message: 'net error' });
  });

  it('5 on time-out, 600003 on abort, 5 on a non-2xx status or a body that is not an envelope', async () => {
    const server = createServer((req, res) => {
      if (req.url?.includes('slow')) return; // never answers
      if (req.url?.includes('bad-gateway')) {
        res.writeHead(502).end('bad gateway');
        return;
      }
      res.writeHead(200).end('<html>not json</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/core/`;
    try {
      await expect(new HttpClient({ baseURL: base, timeoutMs: 200 }).get('/slow')).rejects.toMatchObject({ code: 5, kind: 'transport' });
      const controller = new AbortController();
      const aborted = new HttpClient({ baseURL: base }).get('/slow', {}, { signal: controller.signal });
      setTimeout(() => controller.abort(), 50);
      await expect(aborted).rejects.toMatchObject({ code: 600003, kind: 'transport' });
      await expect(new HttpClient({ baseURL: base }).get('/bad-gateway')).rejects.toMatchObject({ code: 5 });
      await expect(new HttpClient({ baseURL: base }).get('/html')).rejects.toMatchObject({ code: 5, message: 'net error' });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
