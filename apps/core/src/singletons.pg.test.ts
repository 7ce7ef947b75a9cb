import { type FakeBotApi, messageUpdate, type RecordedCall, startFakeBotApi } from '@prism/bot/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { type CoreProcess, createEmptyPostgresDatabase, startCoreProcess } from './testing';

/**
 * Telegram allows one getUpdates caller per token (a second one gets 409 Conflict, which
 * the fake Bot API answers too). Two real core processes with BOT_TOKEN on one PostgreSQL:
 * exactly one polls; when it dies, the other takes over within a bounded time.
 */
const LEADER_CHECK_MS = 300;
/** Take-over bound: one check interval, plus grammY's start (deleteWebhook) on a loaded machine. */
const TAKEOVER_BOUND_MS = LEADER_CHECK_MS + 4_000;

let fake: FakeBotApi | undefined;
let database: { url: string; drop(): Promise<void> } | undefined;
const processes: CoreProcess[] = [];

afterEach(async () => {
  await Promise.all(processes.splice(0).map((p) => p.stop()));
  await fake?.stop();
  await database?.drop();
});

const polls = (calls: readonly RecordedCall[]) => calls.filter((call) => call.method === 'getUpdates');
const isLeader = (p: CoreProcess) => /"job":"telegram-polling"[^\n]*"msg":"became the leader/.test(p.output());
const conflicts = (calls: readonly RecordedCall[]) =>
  calls.filter((call) => call.response?.ok === false && call.response.error_code === 409);

/** No getUpdates arrived while another was still waiting: only one caller at a time. */
function overlapping(calls: readonly RecordedCall[]): RecordedCall[] {
  const list = polls(calls);
  return list.filter((call, i) => i > 0 && call.at < (list[i - 1]?.answeredAt ?? Number.POSITIVE_INFINITY));
}

const waitUntil = async (condition: () => boolean, ms: number, what: string): Promise<void> => {
  for (const end = Date.now() + ms; !condition(); ) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

describe('singleton jobs across core processes on PostgreSQL', () => {
  it('exactly one process long-polls Telegram; when it is killed the other takes over, and no 409 is ever seen', async () => {
    fake = await startFakeBotApi();
    database = await createEmptyPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: 'singletons-test-secret-0123456789abcdef',
      BOT_TOKEN: fake.token,
      BOT_API_ROOT: fake.apiRoot,
      LEADER_CHECK_MS: String(LEADER_CHECK_MS),
      GAME_TICK_MS: '0',
      LOG_LEVEL: 'info',
    };
    processes.push(...(await Promise.all([startCoreProcess(env), startCoreProcess(env)])));
    await waitUntil(() => polls(fake?.calls ?? []).length > 0, 10_000, 'a first getUpdates');
    // Several take-over rounds of the follower.
    await new Promise((resolve) => setTimeout(resolve, LEADER_CHECK_MS * 8));
    expect(conflicts(fake.calls)).toEqual([]);
    expect(overlapping(fake.calls)).toEqual([]);
    // Info lines reach stdout within LOG_FLUSH_MS (the buffered logger): the leader's line is waited for.
    await waitUntil(() => processes.some(isLeader), 5_000, "the leader's line");
    expect(processes.filter(isLeader)).toHaveLength(1);
    expect(fake.calls.filter((call) => call.method === 'deleteWebhook')).toHaveLength(1); // only the leader started polling

    const leader = processes.find(isLeader) as CoreProcess;
    const follower = processes.find((p) => p !== leader) as CoreProcess;
    await leader.crash();
    const killedAt = Date.now();
    await waitUntil(
      () => isLeader(follower) && polls(fake?.calls ?? []).some((call) => call.at > killedAt),
      TAKEOVER_BOUND_MS,
      'the follower polling',
    );
    const takeoverMs = Date.now() - killedAt;
    console.log(`take-over after the leader was killed: ${takeoverMs} ms (LEADER_CHECK_MS=${LEADER_CHECK_MS})`);

    // The new leader serves the bot.
    fake.pushUpdate(messageUpdate({ text: '/help' }));
    await fake.waitFor('sendMessage', 5_000);
    expect(conflicts(fake.calls)).toEqual([]);
    expect(overlapping(fake.calls)).toEqual([]);
    const code = await follower.stop();
    expect({ code, output: code === 0 ? '' : follower.output() }).toEqual({ code: 0, output: '' }); // a failure shows why
  }, 120_000);
});
