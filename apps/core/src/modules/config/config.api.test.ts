import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../testing';
import { sysConfig } from './schema';
import { createConfigService } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('getSysCfgValue', () => {
  it('serves COUNTRY_CODE as comma-separated calling codes', async () => {
    const answer = await ctx.api.get<string>('/app/config/getSysCfgValue', { sysCfgKeyEnum: 'COUNTRY_CODE' });
    expect(answer.code).toBe(200);
    expect(answer.result).toMatch(/^\d{1,4}(,\d{1,4})*$/);
  });

  it('serves the TON recharge address', async () => {
    const answer = await ctx.api.get<string>('/app/config/getSysCfgValue', { sysCfgKeyEnum: 'total_address_ton' });
    expect(answer.code).toBe(200);
    expect(answer.result.length).toBeGreaterThan(10);
  });

  it('serves DEV_OUTBOX from the process configuration: whether /core/dev/outbox is served, which an operator cannot set', async () => {
    const answer = await ctx.api.get<string>('/app/config/getSysCfgValue', { sysCfgKeyEnum: 'DEV_OUTBOX' });
    expect(answer).toMatchObject({ code: 200, result: 'true' });
    expect((await fetch(`${ctx.url}/core/dev/outbox`)).status).toBe(200);
    const production = createConfigService(ctx.db, '', { DEV_OUTBOX: 'false' });
    await ctx.services.config.set('DEV_OUTBOX', 'true');
    expect(await production.getPublic('DEV_OUTBOX')).toBe('false');
  });

  it('refuses unknown and private keys, and a missing key names the field', async () => {
    expect((await ctx.api.get('/app/config/getSysCfgValue', { sysCfgKeyEnum: 'NOPE' })).code).toBe(11015);
    await ctx.services.config.set('SECRET_THING', 'x');
    await ctx.db.update(sysConfig).set({ isPublic: false }).where(eq(sysConfig.key, 'SECRET_THING'));
    expect((await ctx.api.get('/app/config/getSysCfgValue', { sysCfgKeyEnum: 'SECRET_THING' })).code).toBe(11015);
    const missing = await ctx.api.get('/app/config/getSysCfgValue');
    expect(missing).toMatchObject({ code: 400, message: 'sysCfgKeyEnum: Invalid value', result: { field: 'sysCfgKeyEnum' } });
  });
});

describe('getDownloadUrl', () => {
  it('answers the public URL and the app version', async () => {
    const answer = await ctx.api.get('/app/config/getDownloadUrl');
    expect(answer).toMatchObject({ code: 200, result: { url: 'http://prism.test', version: '0.0.2', versionCode: 1 } });
  });
});
