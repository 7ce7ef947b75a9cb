import { describe, expect, it } from 'vitest';
import { type MessageKind, renderMessage } from './templates';

/**
 * Notices (in the app and sent by the bot) in Arabic and Persian: every value sits in Unicode
 * isolates (U+2068 ... U+2069), so an amount keeps its sign and coin together and a Latin reason
 * does not pull the label "السبب:" around.
 */
const ISOLATED = /\u2068[^\u2068\u2069]*\u2069/g;
const KINDS: MessageKind[] = [
  'recharge_credited',
  'deposit_credited',
  'deposit_below_minimum',
  'withdraw_requested',
  'withdraw_approved',
  'withdraw_rejected',
  'rebate_paid',
  'reward_sign_in',
  'reward_gift_code',
  'reward_level_task',
];
const PARAMS = {
  amount: '-50.00',
  currency: 'CASH',
  asset: 'USDT',
  orderNo: 'W2026001',
  network: 'TRC20',
  receive: '48.00',
  fee: '2.00',
  reason: 'Wrong IBAN',
  kind: 'bet',
  period: '2026-11-27',
  day: '3',
  code: 'GIFT5',
  level: '2',
};

describe('notices in right-to-left languages', () => {
  for (const locale of ['ar', 'fa'] as const) {
    it(`${locale}: no value outside isolates in any notice`, () => {
      for (const kind of KINDS) {
        const { content } = renderMessage(kind, PARAMS, locale);
        expect(content.replace(ISOLATED, ''), kind).not.toMatch(/[A-Za-z0-9]/);
      }
      expect(renderMessage('withdraw_rejected', PARAMS, locale).content).toContain('\u2068Wrong IBAN\u2069');
      expect(renderMessage('recharge_credited', PARAMS, locale).content).toContain('\u2068-50.00 CASH\u2069');
    });
  }

  it('left-to-right languages carry no isolates', () => {
    for (const locale of ['en-US', 'zh-TW', 'vi'] as const) {
      expect(renderMessage('withdraw_rejected', PARAMS, locale).content).not.toMatch(/[\u2068\u2069]/);
    }
  });
});
