import type { Paged, SupportConversationView } from '@prism/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CoreProcess, createEmptyPostgresDatabase, registerThrough, startCoreProcess, TestApi } from '../../testing';

/** Two core processes on one PostgreSQL: an answer written on one reaches the player's stream open on the other. */
let database: { url: string; drop(): Promise<void> };
const processes: CoreProcess[] = [];
const env = () => ({ DATABASE_URL: database.url, JWT_SECRET: 'support-pg-shared-secret', GAME_CHAIN_LENGTH: '100' });

beforeAll(async () => {
  database = await createEmptyPostgresDatabase({ migrated: true });
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await database.drop();
});

describe('the support stream across processes (PostgreSQL)', () => {
  it("an operator's answer on process B reaches the player's stream on process A", async () => {
    processes.push(await startCoreProcess(env()), await startCoreProcess(env()));
    const [a, b] = processes as [CoreProcess, CoreProcess];
    const onA = new TestApi(a.url);
    const player = await registerThrough(onA, '9000003001');
    expect((await onA.post('/app/support/send', { text: 'anyone there?' }, { token: player.token })).code).toBe(200);

    const controller = new AbortController();
    const response = await onA.fetch('/app/support/events', { headers: { Authorization: player.token }, signal: controller.signal });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no stream');
    const decoder = new TextDecoder();
    let seen = decoder.decode((await reader.read()).value);
    expect(seen).toContain('retry:');

    const list = await b.ops.get<Paged<SupportConversationView>>('/admin/support/conversations');
    const id = list.content.find((c) => c.userId === player.id)?.id;
    const answered = await b.ops.post<{ id: number }>(`/admin/support/conversations/${id}/reply`, { text: 'yes, here' });
    const deadline = Date.now() + 10_000;
    while (!seen.includes(`"messageId":${answered.id}`) && Date.now() < deadline) seen += decoder.decode((await reader.read()).value);
    controller.abort();
    expect(seen).toContain(`"messageId":${answered.id}`);
    expect(seen).toContain('"author":"operator"');
  }, 180_000);
});
