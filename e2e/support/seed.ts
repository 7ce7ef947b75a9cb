import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_OPS_TOKEN } from './constants';
import { registeredUser } from './telegramClient';

/**
 * A player whose pages show real data, for the specs that judge what a page looks like (axe's
 * colour contrast, e2e/a11y.spec.ts and e2e/telegram-palettes.spec.ts): an empty list hides the
 * elements that fail (an unread badge, a credited amount, a bank card's delete button). Made through
 * the API the app calls, and the operator's API as `npm run ops` would.
 */

interface Envelope<T> {
  code: number;
  message: string;
  result: T;
}

const asOperator = { Authorization: `Ops ${E2E_OPS_TOKEN}` };

async function call<T>(request: APIRequestContext, url: string, token: string, form: Record<string, string> = {}): Promise<T> {
  const response = await request.post(`/core${url}`, { headers: { Authorization: `Bearer ${token}` }, form });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.result;
}

async function asOps<T>(request: APIRequestContext, url: string, form: Record<string, string>): Promise<T> {
  const response = await request.post(`/core/admin${url}`, { headers: asOperator, form });
  const body = (await response.json()) as Envelope<T>;
  expect(body.code, `${url}: ${body.message}`).toBe(200);
  return body.result;
}

export interface SeededPlayer {
  token: string;
  phone: string;
  /** A message already read (its detail page can be opened without changing the unread count). */
  readMessageId: number;
}

/**
 * A player with: a CASH recharge through the sandbox gateway and a USDT chain deposit (credited
 * records, "Recharge received" messages), a gift code (a reward), an exchange of USDT to CASH (a
 * debited record), a bank card, and the operator's personal message; all messages but one unread,
 * so the Personal tab shows the unread badge and the notice list both states.
 */
export async function seededPlayer(request: APIRequestContext): Promise<SeededPlayer> {
  const { token, phone } = await registeredUser(request);
  const order = await call<{ orderNo: string }>(request, '/app/user/cashRecharge/recharge', token, {
    payChannelName: 'sandbox',
    amount: '1000',
  });
  const paid = await request.post(`/core/pay/sandbox/${order.orderNo}/pay`, { form: { amount: '1000', action: 'pay' }, maxRedirects: 0 });
  expect(paid.status()).toBe(303);
  await call(request, '/app/user/recharge/simulateDeposit', token, { walletType: 'TRC20', amount: '20' });
  const gift = await asOps<{ code: string }>(request, '/giftCodes', { asset: 'USDT', amount: '0.10', totalUses: '1', days: '1' });
  await call(request, '/app/giftCode/redeem', token, { code: gift.code });
  await call(request, '/app/user/account/exchange', token, { fromCoin: 'USDT', toCoin: 'CASH', amount: '5' });
  await call(request, '/app/userBank/save', token, {
    bankName: 'HDFC Bank',
    cardNumber: '123456789012',
    holderName: 'Pia Rao',
    ifsc: 'HDFC0001234',
  });
  const info = await request.get('/core/app/user/getUserInfo', { headers: { Authorization: `Bearer ${token}` } });
  const { id } = ((await info.json()) as Envelope<{ id: number }>).result;
  await asOps(request, `/users/${id}/message`, { title: 'Your weekly summary', content: 'Thank you for playing with us this week.' });
  const list = await request.get('/core/app/sysMessage/findUserMsgList', {
    headers: { Authorization: `Bearer ${token}` },
    params: { pageNo: '1', pageSize: '10' },
  });
  const messages = ((await list.json()) as Envelope<{ content: { id: number }[] }>).result.content;
  expect(messages.length).toBeGreaterThanOrEqual(3);
  const read = messages.at(-1)?.id as number;
  await call(request, '/app/sysMessage/readMsg', token, { id: String(read) });
  return { token, phone, readMessageId: read };
}
