import {
  AppError,
  CODE_VALID_SECONDS,
  checkWithdrawal,
  DEFAULT_USDT_NETWORK,
  formatMoney,
  localDate,
  type Money,
  maskAccountNumber,
  operatorTexts,
  type Paged,
  reviewCallbackData,
  type UsdtNetwork,
  visibleReason,
  type WithdrawCodeSent,
  withdrawalTexts,
  withdrawFee,
} from '@prism/domain';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { type Database, type Executor, queryRows, type Transaction } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import type { Random } from '../../platform/random';
import { numberCode, sequenceNumbers } from '../../platform/sequenceNumbers';
import { balancesOf, lockMoneyOut, transfer, withdrawableOf } from '../ledger';
import { postMessage } from '../message';
import type { Notifier } from '../notify';
import type { CodeService } from '../sms';
import { userTarget } from '../sms';
import { findUserById } from '../user/repository';
import { loadWalletConfig, type WalletCurrency, withdrawLimitsOf } from '../wallet';
import { verifyAssetPassword } from './assetPassword';
import { findBankCard, findWallet } from './destinations';
import { withdrawals } from './schema';
import { toWithdrawalView, type WithdrawalRow, type WithdrawalView } from './view';

export interface WithdrawServiceDeps {
  db: Database;
  clock: Clock;
  random: Random;
  logger: Logger;
  codes: CodeService;
  notifier: Notifier;
  operatorChatIds: readonly number[];
}

export interface ApplyInput {
  currency: WalletCurrency;
  amount: Money;
  bankCardId?: number | undefined;
  walletType?: UsdtNetwork | undefined;
  assetPassword: string;
  code: string;
}

/** What to do after the transaction commits: messages must not go out for money that did not move. */
type AfterCommit = () => Promise<void>;

export function createWithdrawService(deps: WithdrawServiceDeps) {
  const { db, clock } = deps;

  // 'W' + yyyymmdd (UTC) + 10 characters from a unique number: unique by construction, never by chance.
  const withdrawalNumbers = sequenceNumbers('withdrawal_numbers');
  const orderNo = async (on: Executor) =>
    `W${localDate(clock.now(), 'UTC').replaceAll('-', '')}${numberCode(await withdrawalNumbers.next(on), '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ', 10)}`;

  /** Where the money goes; `on` is the transaction when inside one (PGlite has a single connection). */
  async function destinationOf(
    on: Executor,
    userId: number,
    input: ApplyInput,
  ): Promise<{ channel: string; destination: Record<string, string> }> {
    if (input.currency === 'CASH') {
      const card = input.bankCardId === undefined ? undefined : await findBankCard(on, userId, input.bankCardId);
      if (!card) throw new AppError('BANK_CARD_REQUIRED');
      return {
        channel: 'bank',
        destination: {
          bankName: card.bankName,
          cardNumber: maskAccountNumber(card.cardNumber),
          holderName: card.holderName,
          ifsc: card.ifsc,
          cardId: String(card.id),
        },
      };
    }
    const network = input.walletType ?? DEFAULT_USDT_NETWORK;
    const wallet = await findWallet(on, userId, network);
    if (!wallet) throw new AppError('ADD_ADDRESS_FIRST');
    return { channel: network, destination: { address: wallet.address } };
  }

  async function withdrawnToday(tx: Executor, userId: number, currency: string, day: string): Promise<Money> {
    const [row] = await queryRows<{ total: string | null }>(
      tx,
      sql`select sum(amount)::text as total from withdrawals where user_id = ${userId} and currency = ${currency} and local_day = ${day} and status <> 'rejected'`,
    );
    return BigInt(row?.total ?? '0');
  }

  /** The rules of specification point 5 against the current balance (also re-checked under the lock). */
  async function checkRules(tx: Executor, userId: number, input: ApplyInput) {
    const config = await loadWalletConfig(tx, input.currency);
    const limits = withdrawLimitsOf(config);
    const now = clock.now();
    const day = localDate(now, config.timeZone);
    const balance = (await balancesOf(tx, userId))[input.currency];
    const request = {
      amount: input.amount,
      balance,
      withdrawable: await withdrawableOf(tx, userId, input.currency, balance),
      withdrawnToday: await withdrawnToday(tx, userId, input.currency, day),
      now,
    };
    const broken = checkWithdrawal(limits, request);
    if (broken) throw new AppError(broken);
    return { config, limits, day };
  }

  /** Marks a pending withdrawal paid: in-flight money goes out, the fee to the fee account. */
  async function settlePaid(tx: Transaction, row: WithdrawalRow, by: string): Promise<WithdrawalRow | undefined> {
    const [paid] = await tx
      .update(withdrawals)
      .set({ status: 'paid', decidedBy: by, decidedAt: clock.now(), autoApproved: by === 'auto' })
      .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'pending_review')))
      .returning();
    if (!paid) return undefined;
    const reference = `withdrawal:${row.orderNo}`;
    const asset = row.currency as WalletCurrency;
    await transfer(
      tx,
      {
        asset,
        from: { system: 'withdrawals_in_flight' },
        to: { system: 'withdrawals_paid' },
        amount: row.receive,
        type: 'withdraw_paid',
        reference,
      },
      clock.now(),
    );
    if (row.fee > 0n) {
      await transfer(
        tx,
        { asset, from: { system: 'withdrawals_in_flight' }, to: { system: 'fees' }, amount: row.fee, type: 'withdraw_fee', reference },
        clock.now(),
      );
    }
    await postMessage(tx, clock, row.userId, 'withdraw_approved', messageParams(paid));
    return paid;
  }

  function messageParams(row: WithdrawalRow): Record<string, string> {
    return {
      orderNo: row.orderNo,
      amount: formatMoney(row.amount),
      fee: formatMoney(row.fee),
      receive: formatMoney(row.receive),
      currency: row.currency,
      reason: row.reason ?? '',
    };
  }

  async function tellUser(row: WithdrawalRow): Promise<void> {
    const user = await findUserById(db, row.userId);
    const t = withdrawalTexts(user?.locale);
    const [amount, receive] = [formatMoney(row.amount), formatMoney(row.receive)];
    const text =
      row.status === 'paid'
        ? t.approved(row.orderNo, receive, row.currency)
        : row.status === 'rejected'
          ? t.rejected(row.orderNo, amount, row.currency, row.reason ?? '')
          : t.requested(row.orderNo, amount, row.currency);
    await deps.notifier.notifyUser(row.userId, `withdraw_${row.status}`, { text });
  }

  /** The operators' review message: its text, and what it becomes once decided (no buttons). */
  async function reviewText(row: WithdrawalRow): Promise<string> {
    const user = await findUserById(db, row.userId);
    const view = toWithdrawalView(row);
    return operatorTexts.review({
      ...view,
      user: `${user?.areaCode ?? ''} ${user?.phone ?? ''} @${user?.telegramUsername ?? '-'} (id ${row.userId})`,
    });
  }

  const reviewRef = (id: number) => `withdrawal:${id}`;

  async function askOperators(row: WithdrawalRow): Promise<void> {
    const text = await reviewText(row);
    const buttons = [
      [
        { text: operatorTexts.approve, callbackData: reviewCallbackData('approve', row.id) },
        { text: operatorTexts.reject, callbackData: reviewCallbackData('reject', row.id) },
      ],
    ];
    const ref = reviewRef(row.id);
    for (const chatId of deps.operatorChatIds) await deps.notifier.notifyChat(chatId, 'withdraw_review', { text, buttons }, { ref });
  }

  /**
   * Every decision path (bot button, bot reply, admin API, ops CLI) ends here: each operator's copy of
   * the review message loses its buttons and shows who decided, so nobody presses a stale button.
   */
  async function closeReview(row: WithdrawalRow): Promise<void> {
    const by = row.decidedBy ?? '';
    const decision =
      row.status === 'paid' ? `✅ ${operatorTexts.approved(row.id, by)}` : `❌ ${operatorTexts.rejected(row.id, by, row.reason ?? '')}`;
    await deps.notifier.replace(reviewRef(row.id), { text: `${await reviewText(row)}\n\n${decision}` });
  }

  /** Messages after commit never undo money that moved: a failure is logged, not thrown. */
  async function afterCommit(tasks: AfterCommit[]): Promise<void> {
    for (const task of tasks) {
      await task().catch((error: unknown) => deps.logger.warn({ err: error }, 'withdrawal notification failed'));
    }
  }

  /** Refuses (not found, already decided) unless the withdrawal still awaits a decision: checked before asking for a reason. */
  async function ensureReviewable(id: number): Promise<void> {
    const [row] = await db.select({ status: withdrawals.status }).from(withdrawals).where(eq(withdrawals.id, id));
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    if (row.status !== 'pending_review') throw new AppError('WITHDRAWAL_NOT_PENDING');
  }

  return {
    /** Sends the 6-digit withdrawal code to the user's own Telegram chat (DESIGN 4). */
    async sendCode(userId: number): Promise<WithdrawCodeSent> {
      const user = await findUserById(db, userId);
      if (!user?.telegramUsername) throw new AppError('TELEGRAM_USERNAME_REQUIRED');
      const issued = await deps.codes.issue('withdraw', userTarget(userId));
      const text = withdrawalTexts(user.locale).code(issued.code, CODE_VALID_SECONDS / 60);
      const delivery = await deps.notifier.notifyUser(userId, 'withdraw_code', { text }, { secret: true, expiresAt: issued.expiresAt });
      if (delivery.status === 'failed') {
        // The user never saw this code: drop it, so the next try is not held back by the resend interval,
        // and withdraw the message, so the retry job never delivers a code that no longer works.
        await deps.codes.discard(issued);
        await deps.notifier.expire(delivery.id);
        throw new AppError(delivery.failure === 'chat' ? 'BOT_UNREACHABLE' : 'TELEGRAM_UNREACHABLE');
      }
      return {
        resendIn: Math.round((issued.resendAt.getTime() - clock.now().getTime()) / 1000),
        expiresIn: CODE_VALID_SECONDS,
        sentTo: `@${user.telegramUsername}`,
      };
    },

    /** The checks that need no transaction; run once per Idempotency-Key claim. */
    async precheck(userId: number, input: ApplyInput): Promise<void> {
      await destinationOf(db, userId, input);
      await verifyAssetPassword(db, clock, userId, input.assetPassword);
      const user = await findUserById(db, userId);
      if (!user?.telegramUsername) throw new AppError('TELEGRAM_USERNAME_REQUIRED');
      await checkRules(db, userId, input);
      try {
        await deps.codes.verify('withdraw', userTarget(userId), input.code);
      } catch (error) {
        throw error instanceof AppError && error.key === 'CODE_INCORRECT' ? new AppError('WITHDRAW_CODE_INCORRECT') : error;
      }
    },

    /**
     * Moves the amount to "withdrawals in flight" and records the withdrawal;
     * amounts up to autoAuditAmount are paid at once. Runs in the caller's transaction.
     */
    async apply(tx: Transaction, userId: number, input: ApplyInput, pending: AfterCommit[]): Promise<WithdrawalView> {
      // One withdrawal or exchange at a time per user, so two cannot both fit under the daily cap or the turnover lock.
      await lockMoneyOut(tx, userId);
      const { config, limits, day } = await checkRules(tx, userId, input);
      const { channel, destination } = await destinationOf(tx, userId, input);
      const { fee, receive } = withdrawFee(input.amount, limits.withdrawFeeBps);
      const number = await orderNo(tx);
      await transfer(
        tx,
        {
          asset: input.currency,
          from: { userId },
          to: { system: 'withdrawals_in_flight' },
          amount: input.amount,
          type: 'withdraw',
          reference: `withdrawal:${number}`,
        },
        clock.now(),
      );
      const [created] = await tx
        .insert(withdrawals)
        .values({
          orderNo: number,
          userId,
          currency: input.currency,
          amount: input.amount,
          fee,
          receive,
          channel,
          destination,
          status: 'pending_review',
          localDay: day,
          createdAt: clock.now(),
        })
        .returning();
      if (!created) throw new Error('insert returned no row');
      const row = input.amount <= config.autoAuditAmount ? ((await settlePaid(tx, created, 'auto')) ?? created) : created;
      if (row.status === 'pending_review') {
        await postMessage(tx, clock, userId, 'withdraw_requested', messageParams(row));
        pending.push(() => askOperators(row));
      }
      pending.push(() => tellUser(row));
      return toWithdrawalView(row);
    },

    afterCommit,

    /** An operator marks a withdrawal paid. */
    async approve(id: number, by: string): Promise<WithdrawalView> {
      const paid = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id));
        if (!row) throw new AppError('ORDER_NOT_FOUND');
        const settled = await settlePaid(tx, row, by);
        if (!settled) throw new AppError('WITHDRAWAL_NOT_PENDING');
        return settled;
      });
      await afterCommit([() => tellUser(paid), () => closeReview(paid)]);
      return toWithdrawalView(paid);
    },

    ensureReviewable,

    /**
     * An operator rejects a withdrawal: the amount goes back to the user, with the reason they will see.
     * The state is checked first (an already decided one says so whatever the reason); then the reason
     * is trimmed and must not be empty. Every path (bot, ops CLI, admin API) comes through here.
     */
    async reject(id: number, reason: string | undefined, by: string): Promise<WithdrawalView> {
      await ensureReviewable(id);
      const shown = visibleReason(reason);
      if (!shown) throw AppError.invalid({ reason: 'REASON_REQUIRED' });
      const rejected = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(withdrawals)
          .set({ status: 'rejected', reason: shown, decidedBy: by, decidedAt: clock.now() })
          .where(and(eq(withdrawals.id, id), eq(withdrawals.status, 'pending_review')))
          .returning();
        if (!row) {
          const [exists] = await tx.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.id, id));
          throw new AppError(exists ? 'WITHDRAWAL_NOT_PENDING' : 'ORDER_NOT_FOUND');
        }
        await transfer(
          tx,
          {
            asset: row.currency as WalletCurrency,
            from: { system: 'withdrawals_in_flight' },
            to: { userId: row.userId },
            amount: row.amount,
            type: 'withdraw_refund',
            reference: `withdrawal:${row.orderNo}`,
          },
          clock.now(),
        );
        await postMessage(tx, clock, row.userId, 'withdraw_rejected', messageParams(row));
        return row;
      });
      await afterCommit([() => tellUser(rejected), () => closeReview(rejected)]);
      return toWithdrawalView(rejected);
    },

    async listMine(userId: number, pageNo: number, pageSize: number): Promise<Paged<WithdrawalView>> {
      const mine = eq(withdrawals.userId, userId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(withdrawals)
          .where(mine)
          .orderBy(desc(withdrawals.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ n: count() }).from(withdrawals).where(mine),
      ]);
      return { content: rows.map(toWithdrawalView), totalElements: total?.n ?? 0, pageNo };
    },

    async listForOperators(status: string | undefined, limit: number): Promise<(WithdrawalView & { userId: number })[]> {
      const rows = await db
        .select()
        .from(withdrawals)
        .where(status ? eq(withdrawals.status, status) : ne(withdrawals.status, ''))
        .orderBy(desc(withdrawals.id))
        .limit(limit);
      return rows.map((row) => ({ ...toWithdrawalView(row), userId: row.userId }));
    },
  };
}

export type WithdrawService = ReturnType<typeof createWithdrawService>;
