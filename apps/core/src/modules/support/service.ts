import type { SupportContext } from './context';
import { answerFromGroup } from './desk';
import { listConversations, markReadByOperator, operatorThread, replyAsOperator } from './operatorSide';
import { markReadByPlayer, playerThread, playerUnread, sendAsPlayer } from './player';

/** The support chat: the player's side, the operators' side, and the support group's way back. */
export function createSupportService(ctx: SupportContext) {
  return {
    send: sendAsPlayer.bind(null, ctx),
    thread: playerThread.bind(null, ctx),
    unread: playerUnread.bind(null, ctx),
    markRead: markReadByPlayer.bind(null, ctx),
    list: listConversations.bind(null, ctx),
    conversation: operatorThread.bind(null, ctx),
    reply: replyAsOperator.bind(null, ctx),
    markReadByOperator: markReadByOperator.bind(null, ctx),
    answerFromGroup: answerFromGroup.bind(null, ctx),
    /** The live events of this service's bus (the routes' stream subscribes to it). */
    events: ctx.events,
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
