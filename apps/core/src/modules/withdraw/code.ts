import { AppError, CODE_VALID_SECONDS, type WithdrawCodeSent, withdrawalTexts } from '@prism/domain';
import { userTarget } from '../sms';
import { findUserById } from '../user';
import type { WithdrawContext } from './context';

/** Sends the 6-digit withdrawal code to the user's own Telegram chat. */
export async function sendWithdrawCode(ctx: WithdrawContext, userId: number): Promise<WithdrawCodeSent> {
  const user = await findUserById(ctx.db, userId);
  if (!user?.telegramUsername) throw new AppError('TELEGRAM_USERNAME_REQUIRED');
  const issued = await ctx.codes.issue('withdraw', userTarget(userId));
  const text = withdrawalTexts(user.locale).code(issued.code, CODE_VALID_SECONDS / 60);
  const delivery = await ctx.notifier.notifyUser(userId, 'withdraw_code', { text }, { secret: true, expiresAt: issued.expiresAt });
  if (delivery.status === 'failed') {
    // The user never saw this code: drop it, so the next try is not held back by the resend interval,
    // and withdraw the message, so the retry job never delivers a code that no longer works.
    await ctx.codes.discard(issued);
    await ctx.notifier.expire(delivery.id);
    throw new AppError(delivery.failure === 'chat' ? 'BOT_UNREACHABLE' : 'TELEGRAM_UNREACHABLE');
  }
  return {
    resendIn: Math.round((issued.resendAt.getTime() - ctx.clock.now().getTime()) / 1000),
    expiresIn: CODE_VALID_SECONDS,
    sentTo: `@${user.telegramUsername}`,
  };
}
