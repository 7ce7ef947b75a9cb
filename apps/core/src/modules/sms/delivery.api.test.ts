import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../platform/logger';
import { closedPortUrl, createTestContext, nextPhone, type TestContext } from '../../testing';
import { createHttpSmsProvider, createOutboxSmsProvider, type SmsProvider } from './provider';

/**
 * An SMS gateway that cannot be reached: the answer says the service is briefly
 * unavailable (not a 500), and the undelivered code holds back no retry.
 */
let ctx: TestContext;
let provider: SmsProvider;
beforeAll(async () => {
  // Each provider is the real one: the HTTP gateway adapter (pointed at a closed port) or the outbox.
  ctx = await createTestContext({ deps: { sms: { name: 'switch', send: (message) => provider.send(message) } } });
  provider = createOutboxSmsProvider(ctx.db, ctx.clock, silentLogger);
});
afterAll(() => ctx.close());

describe('an SMS that cannot be sent', () => {
  it('answers 503 and starts no resend wait', async () => {
    const phone = nextPhone();
    const outbox = provider;
    provider = createHttpSmsProvider({ url: `${await closedPortUrl()}/sms` });
    try {
      expect(await ctx.api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' })).toMatchObject({
        code: 503,
        message: 'The service is briefly unavailable, please try again',
      });
    } finally {
      provider = outbox;
    }
    expect((await ctx.api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' })).code).toBe(200);
  });
});
