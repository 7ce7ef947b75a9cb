/**
 * Runs the fake Bot API for local development without Telegram:
 *   npx tsx bot/src/testing/runFakeBotApi.ts
 * then start core with the BOT_TOKEN and BOT_API_ROOT it prints. It logs every call;
 * simulate a user with POST /_fake/updates, e.g.
 *   curl -H 'content-type: application/json' -d '{"message":{...}}' $BOT_API_ROOT/_fake/updates
 */
import { startFakeBotApi } from './fakeBotApi';

const port = Number(process.env.FAKE_BOT_API_PORT ?? 8081);
const fake = await startFakeBotApi({
  port,
  ...(process.env.BOT_TOKEN ? { token: process.env.BOT_TOKEN } : {}),
  onCall: (call) =>
    console.log(
      new Date(call.at).toISOString(),
      call.method,
      call.response?.ok ? 'ok' : call.response?.description,
      JSON.stringify(call.params),
    ),
});

console.log(`fake Bot API for @${fake.botInfo.username} listening`);
console.log(`  BOT_API_ROOT=${fake.apiRoot}`);
console.log(`  BOT_TOKEN=${fake.token}`);

const shutdown = async (): Promise<void> => {
  await fake.stop();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
