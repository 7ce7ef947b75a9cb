import { resolveLocale } from '@prism/domain';
import { renderMessage } from '../message';
import { findUserLocale } from '../user';
import type { RechargeContext } from './context';

type Kind = 'recharge_credited' | 'deposit_credited' | 'deposit_below_minimum';

/**
 * The bot message that follows a committed credit (or a recorded below-minimum
 * deposit). Sent after the transaction, so a slow or failing Telegram never
 * holds or undoes the money; the system message written inside the transaction
 * is the record, this is the nudge. Without a bot it lands in the bot outbox.
 * Written in the account's language (set at each sign-in and when the user picks one in the app).
 */
export async function notifyAfterCommit(
  context: Pick<RechargeContext, 'db' | 'notifier' | 'logger'>,
  userId: number,
  kind: Kind,
  params: Record<string, string>,
): Promise<void> {
  try {
    const locale = resolveLocale(await findUserLocale(context.db, userId));
    const { title, content } = renderMessage(kind, params, locale);
    await context.notifier.notifyUser(userId, kind, { text: `${title}\n${content}` });
  } catch (error) {
    context.logger.warn({ err: error, userId, kind }, 'money-in bot message could not be recorded');
  }
}
