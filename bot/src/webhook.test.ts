import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Api, webhookCallback } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { createBot } from './bot';
import { helpText } from './features/help';
import { type FakeBotApi, startFakeBotApi } from './testing/fakeBotApi';
import { messageUpdate } from './testing/updates';

const SECRET = 'right-secret_123';

let fake: FakeBotApi;
let server: Server;

/** The way core mounts the bot: express.json(), then grammY's express adapter with a secret token. */
async function startWebhookApp(): Promise<{ url: string; api: Api }> {
  fake = await startFakeBotApi();
  const bot = createBot({ token: fake.token, apiRoot: fake.apiRoot, miniAppUrl: 'https://app.example.com/' });
  const app = express();
  app.post('/telegram/webhook', express.json(), webhookCallback(bot, 'express', { secretToken: SECRET }));
  server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/telegram/webhook`, api: new Api(fake.token, { apiRoot: fake.apiRoot }) };
}

afterEach(async () => {
  await fake.stop();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
});

describe('webhook mode', () => {
  it('handles an update Telegram (the fake) posts to the webhook', async () => {
    const { url, api } = await startWebhookApp();
    await api.setWebhook(url, { secret_token: SECRET });
    const update = fake.pushUpdate(messageUpdate({ text: '/help' }));

    const delivery = await fake.waitForDelivery(update.update_id);
    expect(delivery).toMatchObject({ status: 200, url });
    const reply = await fake.waitFor('sendMessage');
    expect(reply.params).toMatchObject({ chat_id: update.message?.chat.id, text: helpText('en-US') });
    expect((await api.getWebhookInfo()).pending_update_count).toBe(0);
  });

  it('refuses a wrong secret token, and the update waits until the webhook is fixed', async () => {
    const { url, api } = await startWebhookApp();
    await api.setWebhook(url, { secret_token: 'wrong-secret' });
    const update = fake.pushUpdate(messageUpdate({ text: '/help' }));

    expect(await fake.waitForDelivery(update.update_id)).toMatchObject({ status: 401 });
    const info = await api.getWebhookInfo();
    expect(info).toMatchObject({ url, pending_update_count: 1, last_error_message: 'Wrong response from the webhook: 401' });
    expect(fake.calls.filter((call) => call.method === 'sendMessage')).toEqual([]);

    // Nor does a request without the header get through.
    const bare = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ update_id: 1, ...messageUpdate({ text: '/help' }) }),
    });
    expect(bare.status).toBe(401);

    await api.setWebhook(url, { secret_token: SECRET });
    expect(await fake.waitForDelivery(update.update_id)).toMatchObject({ status: 200 });
    expect((await fake.waitFor('sendMessage')).params.text).toBe(helpText('en-US'));
  });
});
