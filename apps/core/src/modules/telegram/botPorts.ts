import type {
  AccountOutcome,
  BotAccounts,
  BroadcastSender,
  GiftCodeIssuer,
  Reviewer,
  ReviewOutcome,
  TelegramUserRef,
  WithdrawalReview,
} from '@prism/bot';
import {
  AppError,
  ASSETS,
  type Asset,
  hasControlCharacters,
  operatorTexts,
  type Permission,
  parseMoney,
  resolveLocale,
  roleCan,
  translateMessage,
} from '@prism/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { type AuditActor, recordAudit } from '../audit';
import type { BroadcastService } from '../broadcast';
import { BROADCAST_TEXT_MAX, BROADCAST_TITLE_MAX } from '../broadcast';
import type { GiftCodeService } from '../giftCode';
import { operatorByTelegramId } from '../operator';
import { findUserByInvitationCode, findUserByTelegramId, inviteLink } from '../user';
import type { WithdrawService } from '../withdraw';
import type { InviteLinkSettings } from './invite';
import { refreshTelegramUser } from './link';
import type { TelegramLinkService } from './linkTokens';

/** Runs a service call for the bot: a refusal (AppError) becomes the message shown, in the user's language. */
async function outcomeOf(action: () => Promise<unknown>, languageCode: string | undefined): Promise<AccountOutcome> {
  try {
    await action();
    return { ok: true };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: translateMessage(error.key, resolveLocale(languageCode)) };
    throw error;
  }
}

/**
 * What the bot may ask about accounts, answered by core's own services and tables. A linked account
 * comes with the invite link the app shows (`settings`: the same as the user module's) and its locale,
 * which the bot speaks to that user.
 */
export function createBotAccounts(db: Database, links: TelegramLinkService, settings: InviteLinkSettings): BotAccounts {
  const identity = (user: TelegramUserRef) => ({ telegramId: user.id, username: user.username });
  return {
    async invitationExists(code) {
      return (await findUserByInvitationCode(db, code)) !== undefined;
    },
    async linkedAccount(user) {
      const account = await findUserByTelegramId(db, user.id);
      if (!account) return undefined;
      // Browser users have no initData to refresh it: a Start press keeps the username current.
      if (account.telegramUsername !== (user.username ?? null)) await refreshTelegramUser(db, account.id, identity(user));
      return {
        invitationCode: account.invitationCode,
        inviteLink: inviteLink(settings, account.invitationCode),
        locale: resolveLocale(account.locale),
      };
    },
    link: (token, user) => outcomeOf(() => links.consume(token, identity(user)), user.languageCode),
  };
}

/**
 * Who decides from Telegram: the active operator the Telegram id is linked to, when their role
 * holds withdrawals.review; the decision is theirs, through the bot (the audit actor's via: 'bot').
 */
async function reviewerActor(
  db: Database,
  reviewer: Reviewer,
  permission: Permission = 'withdrawals.review',
): Promise<AuditActor | undefined> {
  const operator = await operatorByTelegramId(db, reviewer.telegramId);
  if (!operator || operator.role === 'breakGlass' || !roleCan(operator.role, permission)) return undefined;
  return { operator, address: `telegram:${reviewer.telegramId}` };
}

/** The bot's operator buttons call the withdrawal service; refusals become the operator's (English) message. */
export function createWithdrawalReview(db: Database, withdraw: WithdrawService): WithdrawalReview {
  const run = async (action: () => Promise<unknown>): Promise<ReviewOutcome> => {
    try {
      await action();
      return { ok: true };
    } catch (error) {
      if (error instanceof AppError)
        return { ok: false, message: error.key === 'WITHDRAWAL_NOT_PENDING' ? 'Already decided.' : translateMessage(error.key, 'en-US') };
      throw error;
    }
  };
  const asReviewer = async (reviewer: Reviewer, decide: (actor: AuditActor) => Promise<unknown>): Promise<ReviewOutcome> => {
    const actor = await reviewerActor(db, reviewer);
    if (!actor) return { ok: false, message: operatorTexts.notOperator };
    return run(() => decide(actor));
  };
  return {
    check: (id, reviewer) => asReviewer(reviewer, () => withdraw.ensureReviewable(id)),
    async approve(id, reviewer) {
      let awaiting = false;
      const outcome = await asReviewer(reviewer, async (actor) => {
        awaiting = (await withdraw.approve(id, actor)).status === 'awaitingSecondApproval';
      });
      // A first approval above the four-eyes amount: the buttons stay for a second operator.
      return outcome.ok && awaiting ? { ok: false, message: 'First approval recorded: a second operator must approve.' } : outcome;
    },
    reject: (id, reason, reviewer) => asReviewer(reviewer, (actor) => withdraw.reject(id, reason, actor)),
  };
}

/**
 * /giftcode from an operator: a Telegram account linked to an operator whose role manages games;
 * the same checks as the operator API, answered in the operator's (English) words, and audited.
 */
export function createGiftCodeIssuer(db: Database, clock: Clock, giftCodes: GiftCodeService): GiftCodeIssuer {
  const whole = (text: string, max: number) =>
    /^\d{1,9}$/.test(text) && Number(text) >= 1 && Number(text) <= max ? Number(text) : undefined;
  return {
    mayIssue: async (operator) => (await reviewerActor(db, operator, 'games.manage')) !== undefined,
    async create({ amount, asset, uses, days, operator }) {
      const actor = await reviewerActor(db, operator, 'games.manage');
      if (!actor) return { ok: false, message: operatorTexts.notOperator };
      const money = parseMoney(amount);
      const totalUses = whole(uses, 1_000_000);
      const validDays = whole(days, 3650);
      if (!money.ok || money.value <= 0n) return { ok: false, message: 'The amount must be a positive number with at most 2 decimals.' };
      if (!(ASSETS as readonly string[]).includes(asset)) return { ok: false, message: `Unknown asset ${asset}.` };
      if (totalUses === undefined || validDays === undefined) return { ok: false, message: 'Uses and days must be whole numbers from 1.' };
      const created = await giftCodes.create({
        asset: asset as Asset,
        amount: money.value,
        totalUses,
        days: validDays,
        perUserOnce: true,
        createdBy: actor.operator.login,
      });
      await recordAudit(db, clock, actor, { action: 'giftCode.create', target: { type: 'giftCode', id: created.id }, after: created });
      return {
        ok: true,
        code: created.code,
        amount: created.amount,
        asset: created.asset,
        uses: created.totalUses,
        expiresAt: created.expiresAt,
      };
    },
  };
}

/** /broadcast from an operator whose role manages content: the same broadcast as the operator API, with its limits, audited. */
export function createBroadcastIssuer(db: Database, clock: Clock, broadcasts: BroadcastService): BroadcastSender {
  return {
    maySend: async (operator) => (await reviewerActor(db, operator, 'content.manage')) !== undefined,
    async send({ title, text, operator }) {
      const actor = await reviewerActor(db, operator, 'content.manage');
      if (!actor) return { ok: false, message: operatorTexts.notOperator };
      if (title.length > BROADCAST_TITLE_MAX) return { ok: false, message: `The title is longer than ${BROADCAST_TITLE_MAX} characters.` };
      if (text.length > BROADCAST_TEXT_MAX) return { ok: false, message: `The text is longer than ${BROADCAST_TEXT_MAX} characters.` };
      if (hasControlCharacters(title) || hasControlCharacters(text)) return { ok: false, message: 'The text holds control characters.' };
      const created = await broadcasts.create({ title, text, createdBy: actor.operator.login });
      await recordAudit(db, clock, actor, { action: 'broadcast.create', target: { type: 'broadcast', id: created.id }, after: created });
      return { ok: true, id: created.id, recipients: created.recipients, telegram: created.telegram.pending ?? 0 };
    },
  };
}
