import { AppError, formatMoney, type GiftCodeView, isGiftCodeFormat, newGiftCode, normalizeGiftCode, type Paged } from '@prism/domain';
import { count, desc, eq } from 'drizzle-orm';
import { type GiftCodeServiceDeps, type NewGiftCode, pageOffset, toView } from './context';
import { giftCodeRedemptions, giftCodes } from './schema';

const DAY_MS = 86_400_000;

/** Operators create a code. */
export async function createGiftCode({ db, clock, random }: GiftCodeServiceDeps, input: NewGiftCode): Promise<GiftCodeView> {
  const now = clock.now();
  // A collision of two ~59-bit codes is practically impossible; the unique index still guards it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await db
      .insert(giftCodes)
      .values({
        code: newGiftCode((n) => random.int(n)),
        asset: input.asset,
        amount: input.amount,
        totalUses: input.totalUses,
        perUserOnce: input.perUserOnce,
        expiresAt: new Date(now.getTime() + input.days * DAY_MS),
        createdBy: input.createdBy,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (row) return toView(row);
  }
  throw new Error('could not find a free gift code');
}

/** Operators list the codes, newest first. */
export async function listGiftCodes({ db }: GiftCodeServiceDeps, pageNo: number, pageSize: number): Promise<Paged<GiftCodeView>> {
  const [rows, [total]] = await Promise.all([
    db.select().from(giftCodes).orderBy(desc(giftCodes.id)).limit(pageSize).offset(pageOffset(pageNo, pageSize)),
    db.select({ n: count() }).from(giftCodes),
  ]);
  return { content: rows.map(toView), totalElements: total?.n ?? 0, pageNo };
}

/** One redemption of a code as the operator reads it: who, when, how much. */
export interface GiftCodeRedemptionView {
  id: number;
  userId: number;
  asset: string;
  amount: string;
  createdAt: string;
}

/** Operators see who redeemed a code (as typed, with or without dashes), newest first; an unknown code is NOT_FOUND. */
export async function listRedemptions(
  { db }: GiftCodeServiceDeps,
  typed: string,
  pageNo: number,
  pageSize: number,
): Promise<{ code: GiftCodeView } & Paged<GiftCodeRedemptionView>> {
  const normalized = normalizeGiftCode(typed);
  const [row] = isGiftCodeFormat(normalized) ? await db.select().from(giftCodes).where(eq(giftCodes.code, normalized)) : [];
  if (!row) throw new AppError('NOT_FOUND');
  const rows = await db
    .select()
    .from(giftCodeRedemptions)
    .where(eq(giftCodeRedemptions.codeId, row.id))
    .orderBy(desc(giftCodeRedemptions.id))
    .limit(pageSize)
    .offset(pageOffset(pageNo, pageSize));
  const content = rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    asset: r.asset,
    amount: formatMoney(r.amount),
    createdAt: r.createdAt.toISOString(),
  }));
  // usedCount is the number of redemptions (taken by the same statement that inserts one).
  return { code: toView(row), content, totalElements: row.usedCount, pageNo };
}
