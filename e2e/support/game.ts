import { type APIRequestContext, expect, type Locator } from '@playwright/test';
import { E2E_OPS_TOKEN } from './constants';

/** The short room the game test plays in: 10 s sessions, betting closed for the last 3 s. */
export const SHORT_ROOM = {
  level: '4',
  levelName: '10 s',
  sessionSeconds: '10',
  betCloseSeconds: '3',
  betBaseAmounts: '1,10',
  betMultiples: '1,5,10',
} as const;

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
