import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOperatorInApp, createTestContext, TEST_OPS_TOKEN, type TestContext } from '../../testing';
import { auditLog } from '../audit/schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const asOwner = { headers: { Authorization: `Ops ${TEST_OPS_TOKEN}` } };
interface Channel {
  payChannelName: string;
  showName: string;
  gateway: string;
  enabled: boolean;
  sort: number;
  gatewayAvailable: boolean;
  updatedAt: string;
}
const channels = async () => (await ctx.api.get<{ list: Channel[]; gateways: string[] }>('/admin/payChannels', {}, asOwner)).result;
const lastAudit = async () => (await ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('pay channels for finance', () => {
  it('lists every channel with whether its gateway runs here; edits are audited and switch a channel off for players', async () => {
    const { list, gateways } = await channels();
    expect(gateways).toContain('sandbox');
    const channel = list[0] as Channel;
    expect(channel.gatewayAvailable).toBe(true);
    const playersSee = async () => JSON.stringify((await ctx.api.post('/app/payChannel/list', {}, {})).result);
    expect(await playersSee()).toContain(`"${channel.payChannelName}"`);
    const answer = await ctx.api.post<Channel>(
      '/admin/payChannels',
      { payChannelName: channel.payChannelName, enabled: 'false', expectedUpdatedAt: channel.updatedAt },
      asOwner,
    );
    expect(answer.result).toMatchObject({ payChannelName: channel.payChannelName, enabled: false, showName: channel.showName });
    expect(await lastAudit()).toMatchObject({
      action: 'payChannel.update',
      operatorLogin: 'test-owner',
      before: expect.objectContaining({ enabled: true }),
      after: expect.objectContaining({ enabled: false }),
    });
    expect(await playersSee()).not.toContain(`"${channel.payChannelName}"`);
    await ctx.api.post('/admin/payChannels', { payChannelName: channel.payChannelName, enabled: 'true' }, asOwner);
  });

  it('refuses a stale form, an unknown gateway and a new channel without a name, changing nothing', async () => {
    const before = await channels();
    const channel = before.list[0] as Channel;
    const stale = await ctx.api.post(
      '/admin/payChannels',
      { payChannelName: channel.payChannelName, sort: '5', expectedUpdatedAt: '2020-01-01T00:00:00.000Z' },
      asOwner,
    );
    expect(stale.code).toBe(11409);
    const badGateway = await ctx.api.post('/admin/payChannels', { payChannelName: 'newpay', showName: 'New', gateway: 'nowhere' }, asOwner);
    expect(badGateway).toMatchObject({ code: 400, message: 'gateway: Invalid value' });
    const noName = await ctx.api.post('/admin/payChannels', { payChannelName: 'newpay', gateway: 'sandbox' }, asOwner);
    expect(noName).toMatchObject({ code: 400, message: 'showName: Invalid value' });
    expect(await channels()).toEqual(before);
  });

  it('creates a channel; support may not see or change channels', async () => {
    const created = await ctx.api.post<Channel>(
      '/admin/payChannels',
      { payChannelName: 'sandbox2', showName: 'Sandbox two', gateway: 'sandbox', sort: '9' },
      asOwner,
    );
    expect(created.result).toMatchObject({ payChannelName: 'sandbox2', enabled: true, sort: 9 });
    expect((await lastAudit())?.action).toBe('payChannel.create');
    const support = { headers: { Authorization: `Ops ${(await createOperatorInApp(ctx, 'support')).apiToken}` } };
    expect((await ctx.api.get('/admin/payChannels', {}, support)).code).toBe(403);
    expect((await ctx.api.post('/admin/payChannels', { payChannelName: 'sandbox2', enabled: 'false' }, support)).code).toBe(403);
  });
});
