import { Api } from 'grammy';
import { afterEach, describe, expect, it } from 'vitest';
import { createBot } from './bot';
import { helpText } from './features/help';
import { type BotLog, longPolling, watchApiHealth } from './runtime';
import { FakeApiError, type FakeBotApi, startFakeBotApi } from './testing/fakeBotApi';
import { messageUpdate } from './testing/updates';

/** A log that keeps its lines, to count them. */
function memoryLog(): BotLog & { lines: { level: string; message: string }[] } {
  const lines: { level: string; message: string }[] = [];
  const at = (level: string) => (_details: Record<string, unknown>, message: string) => lines.push({ level, message });
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

const fakes: FakeBotApi[] = [];
async function fakeApi(port?: number): Promise<FakeBotApi> {
  const fake = await startFakeBotApi(port ? { port } : {});
  fakes.push(fake);
  return fake;
}
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

const waitUntil = async (condition: () => boolean, ms = 5_000) => {
  for (const end = Date.now() + ms; !condition(); ) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('watchApiHealth', () => {
  it('warns once when the Bot API stays unreachable, and says when it is back', async () => {
    const first = await fakeApi();
    const port = Number(new URL(first.apiRoot).port);
    const log = memoryLog();
    const api = new Api(first.token, { apiRoot: first.apiRoot });
    watchApiHealth(api, log, 3);
    await api.getMe();
    await first.stop(); // Telegram goes away: connections are refused
    for (let i = 0; i < 6; i++) await expect(api.getMe()).rejects.toThrow();
    expect(log.lines).toEqual([{ level: 'warn', message: 'Telegram Bot API unreachable; retrying' }]);

    const back = await fakeApi(port);
    await api.getMe();
    await api.getMe();
    expect(log.lines.map((line) => line.level)).toEqual(['warn', 'info']);
    expect(log.lines[1]?.message).toBe('Telegram Bot API reachable again');
    expect(back.calls).toHaveLength(2);
  });

  it('counts 5xx answers as unreachable, and Telegram’s refusals (4xx) as reachable', async () => {
    const fake = await fakeApi();
    const log = memoryLog();
    const api = new Api(fake.token, { apiRoot: fake.apiRoot });
    watchApiHealth(api, log, 2);
    fake.handle('sendMessage', () => {
      throw new FakeApiError(403, 'Forbidden: bot was blocked by the user');
    });
    for (let i = 0; i < 3; i++) await expect(api.sendMessage(5, 'x')).rejects.toThrow(/blocked/);
    expect(log.lines).toEqual([]);
    fake.handle('sendMessage', () => {
      throw new FakeApiError(502, 'Bad Gateway');
    });
    for (let i = 0; i < 3; i++) await expect(api.sendMessage(5, 'x')).rejects.toThrow(/Bad Gateway/);
    fake.handle('sendMessage', undefined);
    await api.sendMessage(5, 'x');
    expect(log.lines.map((line) => line.level)).toEqual(['warn', 'info']);
  });
});

describe('a polling bot losing the Bot API', () => {
  it('logs one warning within 15 s, and one info line when Telegram answers again', async () => {
    const first = await fakeApi();
    const port = Number(new URL(first.apiRoot).port);
    const log = memoryLog();
    const bot = createBot({ token: first.token, apiRoot: first.apiRoot, miniAppUrl: 'https://app.example.com/', log });
    const polling = longPolling(bot, log, 100);
    polling.start();
    await waitUntil(() => first.calls.some((call) => call.method === 'getUpdates'));
    const lostAt = Date.now();
    await first.stop(); // grammY retries getUpdates every 3 s, silently
    await waitUntil(() => log.lines.length > 0, 15_000);
    expect(Date.now() - lostAt).toBeLessThan(15_000);
    expect(log.lines).toEqual([{ level: 'warn', message: 'Telegram Bot API unreachable; retrying' }]);

    const back = await fakeApi(port);
    // A long poll answers when an update arrives (or at its timeout): that answer is the recovery.
    back.pushUpdate(messageUpdate({ text: '/help' }));
    await back.waitFor('sendMessage', 10_000);
    expect(log.lines.map((line) => `${line.level} ${line.message}`)).toEqual([
      'warn Telegram Bot API unreachable; retrying',
      'info Telegram Bot API reachable again',
    ]);
    await polling.stop();
  });
});

describe('longPolling', () => {
  it('starts again after a 409 Conflict from another getUpdates caller, instead of stopping for good', async () => {
    const fake = await fakeApi();
    const log = memoryLog();
    const bot = createBot({ token: fake.token, apiRoot: fake.apiRoot, miniAppUrl: 'https://app.example.com/' });
    const polling = longPolling(bot, log, 100);
    polling.start();
    await waitUntil(() => fake.calls.some((call) => call.method === 'getUpdates'));
    // Someone else polls with the same token: Telegram ends the bot's waiting poll with 409.
    const intruder = new Api(fake.token, { apiRoot: fake.apiRoot });
    const stolen = intruder.getUpdates({ timeout: 1 }).catch(() => []);
    await waitUntil(() => log.lines.length > 0);
    expect(log.lines[0]).toEqual({
      level: 'error',
      message: 'bot polling stopped: another getUpdates caller or a webhook uses this token',
    });
    await stolen;
    fake.pushUpdate(messageUpdate({ text: '/help' }));
    expect((await fake.waitFor('sendMessage', 5_000)).params.text).toBe(helpText('en-US'));
    await polling.stop();
    expect(bot.isRunning()).toBe(false);
  });

  it('stops without rejecting when the Bot API is gone', async () => {
    const fake = await fakeApi();
    const log = memoryLog();
    const bot = createBot({ token: fake.token, apiRoot: fake.apiRoot, miniAppUrl: 'https://app.example.com/' });
    const polling = longPolling(bot, log, 100);
    polling.start();
    await waitUntil(() => fake.calls.some((call) => call.method === 'getUpdates'));
    await fake.stop();
    await expect(polling.stop()).resolves.toBeUndefined();
    expect(log.lines.map((line) => `${line.level} ${line.message}`)).toContain('warn stopping bot polling: Telegram not reachable');
    expect(bot.isRunning()).toBe(false);
  });
});
