import type { DeletionFacts } from '@prism/domain';
import type { Executor } from './db/client';
import { eraseUploads } from './modules/file';
import { holdingFixedDepositCount } from './modules/fixedDeposit';
import { holdingFollowInvestCount } from './modules/followInvest';
import { openBetCount } from './modules/game';
import { nonZeroBalances } from './modules/ledger';
import { eraseBotMessages, eraseNotificationPrefs } from './modules/notify';
import { activePowerHoldingCount } from './modules/power';
import type { Erasure } from './modules/privacy';
import { pendingRechargeCount } from './modules/recharge';
import { eraseSmsOf } from './modules/sms';
import { eraseTelegramLinkTokens } from './modules/telegram';
import { erasePayoutDetails, pendingWithdrawalCount } from './modules/withdraw';

/**
 * What each module erases when a player deletes their account (POST /core/app/user/myData/delete),
 * after the user module has closed the account (phone, names, avatar, Telegram link, password hashes:
 * modules/user closeAccount) and auth has revoked every session, in the same transaction. What is
 * kept, and why, is docs/operations.md "Account deletion and data export". A new module that keeps
 * personal data adds its entry here.
 */
export function accountErasures(uploadsDirectory: string): readonly Erasure[] {
  return [
    { module: 'withdraw', erase: (tx, userId) => erasePayoutDetails(tx, userId) },
    { module: 'sms', erase: (tx, userId, closed) => eraseSmsOf(tx, userId, closed) },
    { module: 'telegram', erase: (tx, userId) => eraseTelegramLinkTokens(tx, userId) },
    { module: 'notify', erase: (tx, userId) => eraseBotMessages(tx, userId) },
    { module: 'notify', erase: (tx, userId) => eraseNotificationPrefs(tx, userId) },
    { module: 'file', erase: (tx, userId) => eraseUploads(tx, userId, uploadsDirectory) },
  ];
}

/**
 * What may hold a deletion up, each fact read through its owner's door (the rule is
 * packages/domain/src/privacy). One after another: inside the deletion's transaction they share its
 * connection, and the balances come first, locked, so money moving meanwhile waits for the deletion.
 */
export async function deletionFacts(db: Executor, userId: number, now: Date): Promise<DeletionFacts> {
  return {
    balances: await nonZeroBalances(db, userId),
    pendingWithdrawals: await pendingWithdrawalCount(db, userId),
    pendingRecharges: await pendingRechargeCount(db, userId, now),
    openBets: await openBetCount(db, userId),
    activePowerHoldings: await activePowerHoldingCount(db, userId),
    followInvestOrders: await holdingFollowInvestCount(db, userId),
    fixedDeposits: await holdingFixedDepositCount(db, userId),
  };
}
