import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_FAKE_BOT_URL, E2E_OPS_TOKEN } from './constants';

interface OutboxSms {
  id: number;
  phone: string;
  text: string;
}

async function outboxSms(request: APIRequestContext): Promise<OutboxSms[]> {
  const response = await request.get('/core/dev/outbox');
  const body = (await response.json()) as { result: { sms: OutboxSms[] } };
  return body.result.sms;
}

/** The id of the newest SMS to `phone` (0 when none): read before asking for a code, so the new one can be told apart. */
export async function lastSmsId(request: APIRequestContext, phone: string): Promise<number> {
  return (await outboxSms(request)).find((sms) => sms.phone === phone)?.id ?? 0;
}

/** The code of the first SMS to `phone` newer than `afterId`, read from the developer outbox as a person reads their phone. */
export async function newSmsCode(request: APIRequestContext, phone: string, afterId: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const sms = (await outboxSms(request)).find((entry) => entry.phone === phone && entry.id > afterId);
      code = sms?.text.match(/\b\d{6}\b/)?.[0];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

interface SentMessage {
  message_id: number;
  text?: string;
}

/** What "Telegram" shows in the user's chat with the bot, newest last. */
async function botMessages(request: APIRequestContext, chatId: number): Promise<SentMessage[]> {
  const response = await request.get(`${E2E_FAKE_BOT_URL}/_fake/sent?chat_id=${chatId}`);
  return ((await response.json()) as SentMessage[]).sort((a, b) => a.message_id - b.message_id);
}

export async function lastBotMessageId(request: APIRequestContext, chatId: number): Promise<number> {
  return (await botMessages(request, chatId)).at(-1)?.message_id ?? 0;
}

/** The 6-digit withdrawal code in the newest bot message to `chatId` after `afterId`. */
export async function telegramCode(request: APIRequestContext, chatId: number, afterId: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const latest = (await botMessages(request, chatId)).filter((message) => message.message_id > afterId).at(-1);
      code = latest?.text?.match(/\b\d{6}\b/)?.[0];
      return code;
    })
    .toBeTruthy();
  return code as string;
}

/**
 * What the operator sets before the test (as with `npm run ops -- wallet config CASH <field> <value>`):
 * withdrawals open around the clock, so the test does not depend on the time of day, and no
 * betting turnover before a recharge may leave, since the game that makes turnover comes later.
 */
export async function operatorOpensWithdrawals(request: APIRequestContext): Promise<void> {
  const token = E2E_OPS_TOKEN;
  for (const [field, value] of [
    ['startAndEndTime', '00:00-24:00'],
    ['betLimitRechargeMultiple4Withdraw', '0'],
  ]) {
    const response = await request.post('/core/admin/wallet/config', {
      headers: { Authorization: `Ops ${token}` },
      form: { currency: 'CASH', field: field as string, value: value as string },
    });
    expect(((await response.json()) as { code: number }).code).toBe(200);
  }
}
