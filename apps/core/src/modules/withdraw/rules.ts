import { AppError, checkWithdrawal, DEFAULT_USDT_NETWORK, localDate, type Money, maskAccountNumber } from '@prism/domain';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { balancesOf, withdrawableOf } from '../ledger';
import { loadWalletConfig, withdrawLimitsOf } from '../wallet';
import type { ApplyInput } from './context';
import { findBankCard, findWallet } from './destinations';

/** Where the money goes; `on` is the transaction when inside one (PGlite has a single connection). */
export async function destinationOf(
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

/** The withdrawal rules against the current balance (also re-checked under the lock). */
export async function checkRules(tx: Executor, clock: Clock, userId: number, input: ApplyInput) {
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
