import { formatMoney, operatorTexts, reviewCallbackData, withdrawalTexts } from '@prism/domain';
import { findUserById } from '../user';
import type { AfterCommit, WithdrawContext } from './context';
import { toWithdrawalView, type WithdrawalRow } from './view';

/** The parameters of the user's in-app messages about a withdrawal. */
export function messageParams(row: WithdrawalRow): Record<string, string> {
  return {
    orderNo: row.orderNo,
    amount: formatMoney(row.amount),
    fee: formatMoney(row.fee),
    receive: formatMoney(row.receive),
    currency: row.currency,
    reason: row.reason ?? '',
  };
}

export async function tellUser(ctx: WithdrawContext, row: WithdrawalRow): Promise<void> {
  const user = await findUserById(ctx.db, row.userId);
  const t = withdrawalTexts(user?.locale);
  const [amount, receive] = [formatMoney(row.amount), formatMoney(row.receive)];
  const text =
    row.status === 'paid'
      ? t.approved(row.orderNo, receive, row.currency)
      : row.status === 'rejected'
        ? t.rejected(row.orderNo, amount, row.currency, row.reason ?? '')
        : t.requested(row.orderNo, amount, row.currency);
  await ctx.notifier.notifyUser(row.userId, `withdraw_${row.status}`, { text });
}

/** The operators' review message: its text, and what it becomes once decided (no buttons). */
async function reviewText(ctx: WithdrawContext, row: WithdrawalRow): Promise<string> {
  const user = await findUserById(ctx.db, row.userId);
  const view = toWithdrawalView(row);
  return operatorTexts.review({
    ...view,
    user: `${user?.areaCode ?? ''} ${user?.phone ?? ''} @${user?.telegramUsername ?? '-'} (id ${row.userId})`,
  });
}

const reviewRef = (id: number) => `withdrawal:${id}`;

export async function askOperators(ctx: WithdrawContext, row: WithdrawalRow): Promise<void> {
  const text = await reviewText(ctx, row);
  const buttons = [
    [
      { text: operatorTexts.approve, callbackData: reviewCallbackData('approve', row.id) },
      { text: operatorTexts.reject, callbackData: reviewCallbackData('reject', row.id) },
    ],
  ];
  const ref = reviewRef(row.id);
  for (const chatId of await ctx.operatorChatIds()) await ctx.notifier.notifyChat(chatId, 'withdraw_review', { text, buttons }, { ref });
}

/**
 * Every decision path (bot button, bot reply, admin API, ops CLI) ends here: each operator's copy of
 * the review message loses its buttons and shows who decided, so nobody presses a stale button.
 */
export async function closeReview(ctx: WithdrawContext, row: WithdrawalRow): Promise<void> {
  const by = row.decidedBy ?? '';
  const decision =
    row.status === 'paid' ? `✅ ${operatorTexts.approved(row.id, by)}` : `❌ ${operatorTexts.rejected(row.id, by, row.reason ?? '')}`;
  await ctx.notifier.replace(reviewRef(row.id), { text: `${await reviewText(ctx, row)}\n\n${decision}` });
}

/** Messages after commit never undo money that moved: a failure is logged, not thrown. */
export async function afterCommit(ctx: WithdrawContext, tasks: AfterCommit[]): Promise<void> {
  for (const task of tasks) {
    await task().catch((error: unknown) => ctx.logger.warn({ err: error }, 'withdrawal notification failed'));
  }
}
