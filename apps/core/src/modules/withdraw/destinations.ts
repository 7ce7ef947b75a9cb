import {
  AppError,
  type BankCardView,
  isIfsc,
  isValidAddress,
  maskAccountNumber,
  normaliseAccountNumber,
  type Paged,
  type UsdtNetwork,
  type WalletView,
} from '@prism/domain';
import { and, count, desc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { isPlatformDepositAddress } from '../recharge';
import { bankCards, userWallets } from './schema';

export interface BankCardInput {
  id?: number | undefined;
  bankName: string;
  cardNumber: string;
  holderName: string;
  ifsc: string;
}

const toView = (row: typeof bankCards.$inferSelect): BankCardView => ({
  id: row.id,
  bankName: row.bankName,
  cardNumber: maskAccountNumber(row.cardNumber),
  holderName: row.holderName,
  ifsc: row.ifsc,
  createDateTime: row.createdAt.toISOString(),
});

const active = (userId: number) => and(eq(bankCards.userId, userId), isNull(bankCards.removedAt));

export async function listBankCards(db: Executor, userId: number): Promise<BankCardView[]> {
  const rows = await db.select().from(bankCards).where(active(userId)).orderBy(desc(bankCards.id));
  return rows.map(toView);
}

export async function pageBankCards(db: Executor, userId: number, pageNo: number, pageSize: number): Promise<Paged<BankCardView>> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(bankCards)
      .where(active(userId))
      .orderBy(desc(bankCards.id))
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize),
    db.select({ n: count() }).from(bankCards).where(active(userId)),
  ]);
  return { content: rows.map(toView), totalElements: total?.n ?? 0, pageNo };
}

/** The user's own card (never another user's: the id alone proves nothing). */
export async function findBankCard(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(bankCards)
    .where(and(eq(bankCards.id, id), active(userId)));
  return row;
}

/** Adds a card, or edits one of the user's cards when `id` is given. */
export async function saveBankCard(db: Executor, clock: Clock, userId: number, input: BankCardInput): Promise<BankCardView> {
  const cardNumber = normaliseAccountNumber(input.cardNumber);
  if (!cardNumber) throw AppError.invalid({ cardNumber: 'ACCOUNT_NUMBER_FORMAT' });
  if (!isIfsc(input.ifsc)) throw AppError.invalid({ ifsc: 'IFSC_FORMAT' });
  const values = { bankName: input.bankName, cardNumber, holderName: input.holderName, ifsc: input.ifsc.trim().toUpperCase() };
  try {
    if (input.id !== undefined) {
      const [row] = await db
        .update(bankCards)
        .set(values)
        .where(and(eq(bankCards.id, input.id), active(userId)))
        .returning();
      if (!row) throw new AppError('BANK_CARD_REQUIRED');
      return toView(row);
    }
    const [row] = await db
      .insert(bankCards)
      .values({ ...values, userId, createdAt: clock.now() })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return toView(row);
  } catch (error) {
    if (
      (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
      (error as { cause?: { code?: string } }).cause?.code === '23505'
    ) {
      throw new AppError('BANK_CARD_DUPLICATE');
    }
    throw error;
  }
}

export async function removeBankCard(db: Executor, clock: Clock, userId: number, id: number): Promise<void> {
  const removed = await db
    .update(bankCards)
    .set({ removedAt: clock.now() })
    .where(and(eq(bankCards.id, id), active(userId)))
    .returning({ id: bankCards.id });
  if (removed.length === 0) throw new AppError('BANK_CARD_REQUIRED');
}

export async function listWallets(db: Executor, userId: number, networks: readonly UsdtNetwork[]): Promise<WalletView[]> {
  const rows = await db.select().from(userWallets).where(eq(userWallets.userId, userId));
  return networks.map((walletType) => {
    const address = rows.find((row) => row.network === walletType)?.address ?? '';
    return { walletType, address, bound: address !== '' };
  });
}

export async function findWallet(db: Executor, userId: number, network: UsdtNetwork) {
  const [row] = await db
    .select()
    .from(userWallets)
    .where(and(eq(userWallets.userId, userId), eq(userWallets.network, network)));
  return row;
}

/**
 * Binds (or replaces) the user's address on a network, after checking it is a valid address there,
 * not one of the platform's deposit addresses, and not bound by another account: a binding makes an
 * invitation effective (docs/money.md), so a shared or platform address would make one free to fake.
 * The address's advisory lock serialises two accounts binding it at once.
 */
export async function bindWallet(db: Database, clock: Clock, userId: number, network: UsdtNetwork, address: string): Promise<WalletView> {
  const clean = address.trim();
  if (!isValidAddress(network, clean)) throw new AppError('ADDRESS_INVALID');
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(lower(${clean})))`);
    if (await isPlatformDepositAddress(tx, clean)) throw new AppError('ADDRESS_UNAVAILABLE');
    const [taken] = await tx
      .select({ userId: userWallets.userId })
      .from(userWallets)
      .where(and(sql`lower(${userWallets.address}) = lower(${clean})`, ne(userWallets.userId, userId)))
      .limit(1);
    if (taken) throw new AppError('ADDRESS_UNAVAILABLE');
    const now = clock.now();
    await tx
      .insert(userWallets)
      .values({ userId, network, address: clean, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: [userWallets.userId, userWallets.network], set: { address: clean, updatedAt: now } });
  });
  return { walletType: network, address: clean, bound: true };
}

/**
 * When each user first bound a withdrawal wallet (a replaced address keeps its first created_at), for
 * the users `among` selects (a subquery of ids; all when omitted). Columns: user_id, bound_at.
 */
export const walletBindings = (among?: SQL): SQL =>
  sql`select user_id, min(created_at) as bound_at from user_wallets ${among ? sql`where user_id in (${among})` : sql``} group by user_id`;
