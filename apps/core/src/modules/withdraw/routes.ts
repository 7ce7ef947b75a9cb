import {
  BANK_CARD_PAGE_SIZE,
  checkAssetPassword,
  checkCode,
  PAGE_NO_MAX,
  PAGE_SIZE,
  PAGE_SIZE_MAX,
  USDT_NETWORKS,
  type UsdtNetwork,
} from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf } from '../audit';
import { idempotencyKeyOf, runIdempotent } from '../idempotency';
import { bindWallet, listBankCards, listWallets, pageBankCards, removeBankCard, saveBankCard } from './destinations';
import type { ApplyInput, WithdrawService } from './service';

const network = field.oneOf(USDT_NETWORKS as unknown as [UsdtNetwork, ...UsdtNetwork[]]);
const id = field.integer(1, Number.MAX_SAFE_INTEGER);
const required = (key: 'BANK_NAME_REQUIRED' | 'HOLDER_REQUIRED' | 'ACCOUNT_NUMBER_FORMAT' | 'IFSC_FORMAT' | 'ADDRESS_REQUIRED') =>
  field.checked((value) => (value.trim() ? null : key)).transform((value) => value.trim());

const secrets = {
  assetPassword: field.checked(checkAssetPassword),
  code: field.checked(checkCode),
};
const cashBody = z.object({ amount: field.money(), bankCardId: id.optional(), ...secrets });
const usdtBody = z.object({ amount: field.money(), walletType: network.optional(), ...secrets });
const cardBody = z.object({
  id: id.optional(),
  bankName: required('BANK_NAME_REQUIRED'),
  cardNumber: required('ACCOUNT_NUMBER_FORMAT'),
  holderName: required('HOLDER_REQUIRED'),
  ifsc: required('IFSC_FORMAT'),
});
const pageQuery = z.object({ pageNo: field.integer(1, PAGE_NO_MAX).optional(), pageSize: field.integer(1, PAGE_SIZE_MAX).optional() });
const walletBody = z.object({ walletType: network, address: required('ADDRESS_REQUIRED') });

/** Money out: bank cards, wallets, the withdrawal code and the two withdrawal calls of specification point 7 (docs/api.md). */
export function withdrawRoutes({ db, clock, withdraw }: { db: Database; clock: Clock; withdraw: WithdrawService }): Router {
  const router = Router();

  /** Shared by CASH and USDT: claim the idempotency key, check, move the money, tell after commit. */
  const apply = async (req: Parameters<Parameters<typeof router.post>[1]>[0], input: ApplyInput) => {
    const { userId } = caller(req);
    const pending: (() => Promise<void>)[] = [];
    const scope = {
      userId,
      key: idempotencyKeyOf(req),
      route: `withdraw:${input.currency}`,
      input: { ...input, assetPassword: undefined, code: undefined },
    };
    const view = await runIdempotent(db, clock, scope, {
      check: () => withdraw.precheck(userId, input),
      work: (tx) => withdraw.apply(tx, userId, input, pending),
    });
    await withdraw.afterCommit(pending);
    return view;
  };

  router.post('/app/user/withdraw/sendCode', requireAuth, async (req, res) => {
    ok(res, await withdraw.sendCode(caller(req).userId));
  });

  router.post('/app/user/cashWithdrawal/apply', requireAuth, async (req, res) => {
    const input = parseInput(cashBody, req.body);
    ok(res, await apply(req, { currency: 'CASH', ...input }), 'Withdrawal successful');
  });

  router.post('/app/user/withdraw/withdrawal', requireAuth, async (req, res) => {
    const input = parseInput(usdtBody, req.body);
    ok(res, await apply(req, { currency: 'USDT', ...input }), 'Withdrawal successful');
  });

  router.get('/app/user/withdraw/list', requireAuth, async (req, res) => {
    const { pageNo = 1, pageSize = PAGE_SIZE } = parseInput(pageQuery, req.query);
    ok(res, await withdraw.listMine(caller(req).userId, pageNo, pageSize));
  });

  router.post('/app/userBank/list', requireAuth, async (req, res) => {
    ok(res, await listBankCards(db, caller(req).userId));
  });

  router.post('/app/userBank/page', requireAuth, async (req, res) => {
    const { pageNo = 1, pageSize = BANK_CARD_PAGE_SIZE } = parseInput(pageQuery, req.body);
    ok(res, await pageBankCards(db, caller(req).userId, pageNo, pageSize));
  });

  router.post('/app/userBank/save', requireAuth, async (req, res) => {
    const input = parseInput(cardBody, req.body);
    ok(res, await saveBankCard(db, clock, caller(req).userId, input), 'Successfully Bound');
  });

  router.post('/app/userBank/remove', requireAuth, async (req, res) => {
    const input = parseInput(z.object({ id }), req.body);
    await removeBankCard(db, clock, caller(req).userId, input.id);
    ok(res, null);
  });

  router.get('/app/user/wallet/list', requireAuth, async (req, res) => {
    ok(res, await listWallets(db, caller(req).userId, USDT_NETWORKS));
  });

  router.post('/app/user/wallet/bind', requireAuth, async (req, res) => {
    const input = parseInput(walletBody, req.body);
    ok(res, await bindWallet(db, clock, caller(req).userId, input.walletType, input.address), 'Successfully Bound');
  });

  return router;
}

const reviewQuery = z.object({
  status: field.oneOf(['pending_review', 'paid', 'rejected']).optional(),
  limit: field.integer(1, 500).optional(),
});
const rejectBody = z.object({
  // Checked (trimmed, not empty) by the service after the state, so "already decided" comes first.
  reason: field.optionalText(2000),
});

/** Operator review of withdrawals, under /admin (the bot's buttons call the same service). */
export function withdrawAdminRoutes({ withdraw }: { withdraw: WithdrawService }): Router {
  const router = Router();
  router.get('/withdrawals', permit('withdrawals.read'), async (req, res) => {
    const query = parseInput(reviewQuery, req.query);
    ok(res, await withdraw.listForOperators(query.status, query.limit ?? 50));
  });
  router.post('/withdrawals/:id/approve', permit('withdrawals.review'), async (req, res) => {
    const { id: withdrawalId } = parseInput(z.object({ id }), req.params);
    // The operator is the one signed in (actorOf); an old client's `by` field is ignored.
    ok(res, await withdraw.approve(withdrawalId, actorOf(req)), 'Updated Successfully');
  });
  router.post('/withdrawals/:id/reject', permit('withdrawals.review'), async (req, res) => {
    const { id: withdrawalId } = parseInput(z.object({ id }), req.params);
    const input = parseInput(rejectBody, req.body);
    ok(res, await withdraw.reject(withdrawalId, input.reason, actorOf(req)), 'Updated Successfully');
  });
  return router;
}
