import { type APIRequestContext, expect, type Locator } from '@playwright/test';
import { SHORT_ROOM } from '../../apps/core/src/testing/rooms';
import { E2E_OPS_TOKEN } from './constants';

export { SHORT_ROOM };

/** The operator adds the short room (as `npm run ops` would); its timing is fixed once it has run, so it is added once. */
export async function operatorAddsShortRoom(request: APIRequestContext): Promise<void> {
  const headers = { Authorization: `Ops ${E2E_OPS_TOKEN}` };
  const list = (await (await request.get('/core/admin/game/levels', { headers })).json()) as { result: { level: number }[] };
  if (list.result.some((room) => room.level === Number(SHORT_ROOM.level))) return;
  const response = await request.post('/core/admin/game/levels', { headers, form: { ...SHORT_ROOM } });
  expect(((await response.json()) as { code: number }).code).toBe(200);
}

/** "00:07" -> 7: what a countdown shows, in seconds. */
export async function countdownSeconds(countdown: Locator): Promise<number> {
  const [minutes, seconds] = ((await countdown.textContent()) ?? '').trim().split(':').map(Number);
  return (minutes ?? 0) * 60 + (seconds ?? 0);
}
