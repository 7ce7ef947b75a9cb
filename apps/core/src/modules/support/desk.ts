import type { Reviewer, SupportAnswerOutcome } from '@prism/bot';
import { AppError, roleCan, translateMessage } from '@prism/domain';
import { operatorByTelegramId } from '../operator';
import type { SupportContext } from './context';
import { findConversationOfTopic } from './conversations';
import { replyAsOperator } from './operatorSide';

/**
 * An answer typed in a topic of the support group. Only a player's topic counts, and only from a
 * Telegram account linked to an active operator whose role holds support.answer: everyone else's
 * lines there are ignored. The answer is the operator's, audited with via 'bot'.
 */
export async function answerFromGroup(
  ctx: SupportContext,
  input: { threadId: number; operator: Reviewer; text: string },
): Promise<SupportAnswerOutcome> {
  const group = ctx.group;
  if (!group) return { ok: false, ignored: true };
  const conversation = await findConversationOfTopic(ctx.db, group.chatId, input.threadId);
  if (!conversation) return { ok: false, ignored: true };
  const operator = await operatorByTelegramId(ctx.db, input.operator.telegramId);
  if (!operator || operator.role === 'breakGlass' || !roleCan(operator.role, 'support.answer')) return { ok: false, ignored: true };
  try {
    const actor = { operator, address: `telegram:${input.operator.telegramId}` };
    await replyAsOperator(ctx, conversation.id, actor, { text: input.text, via: 'telegram' });
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: translateMessage(error.key, 'en-US') };
    throw error;
  }
}
