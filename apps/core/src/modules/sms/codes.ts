import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, CODE_LENGTH, CODE_MAX_ATTEMPTS, CODE_RESEND_SECONDS, CODE_VALID_SECONDS } from '@prism/domain';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { type Random, randomDigits } from '../../platform/random';
import { verificationCodes } from './schema';

/** What a one-time code may be used for; a code only ever works for its own purpose and target. */
export type CodePurpose = 'register' | 'resetLoginPwd' | 'resetAssetPwd' | 'withdraw';

export interface IssuedCode {
  id: number;
  code: string;
  expiresAt: Date;
  resendAt: Date;
}

export interface CodeService {
  /** Makes a new code for (purpose, target); refuses within the resend interval. */
  issue(purpose: CodePurpose, target: string): Promise<IssuedCode>;
  /** Consumes the latest code if it matches; counts wrong tries and locks after the maximum. */
  verify(purpose: CodePurpose, target: string, code: string): Promise<void>;
  /** verify for the code sent by SMS to a phone (phoneTarget): how the user module checks a phone without knowing targets. */
  verifyPhone(purpose: CodePurpose, areaCode: string, phone: string, code: string): Promise<void>;
  /**
   * Forgets a code that never reached its owner (the SMS or bot message failed),
   * so it cannot be used and does not hold back the next request for the resend interval.
   */
  discard(issued: IssuedCode): Promise<void>;
}

export interface CodeServiceDeps {
  db: Database;
  clock: Clock;
  random: Random;
  /** Server secret keying the stored hashes, so a database dump does not reveal live codes. */
  secret: string;
}

export function createCodeService({ db, clock, random, secret }: CodeServiceDeps): CodeService {
  const hashOf = (purpose: string, target: string, code: string) =>
    createHmac('sha256', secret).update(`${purpose}\n${target}\n${code}`).digest('hex');

  const service: CodeService = {
    async issue(purpose, target) {
      return db.transaction(async (tx) => {
        // Serialise issuers of the same target so two quick taps cannot both pass the resend check.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`code:${purpose}:${target}`}))`);
        const now = clock.now();
        const [latest] = await tx
          .select({ createdAt: verificationCodes.createdAt })
          .from(verificationCodes)
          .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
          .orderBy(desc(verificationCodes.createdAt))
          .limit(1);
        const resendAt = latest ? latest.createdAt.getTime() + CODE_RESEND_SECONDS * 1000 : 0;
        // The answer says how long (message and result.retryAfterSeconds): the app counts it down on the button.
        if (resendAt > now.getTime()) throw AppError.wait('CODE_RESEND_TOO_SOON', (resendAt - now.getTime()) / 1000);
        const code = randomDigits(random, CODE_LENGTH);
        const expiresAt = new Date(now.getTime() + CODE_VALID_SECONDS * 1000);
        const [row] = await tx
          .insert(verificationCodes)
          .values({ purpose, target, codeHash: hashOf(purpose, target, code), createdAt: now, expiresAt })
          .returning({ id: verificationCodes.id });
        if (!row) throw new Error('insert returned no row');
        return { id: row.id, code, expiresAt, resendAt: new Date(now.getTime() + CODE_RESEND_SECONDS * 1000) };
      });
    },

    async verify(purpose, target, code) {
      const [latest] = await db
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.target, target), eq(verificationCodes.purpose, purpose)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      if (!latest || latest.consumedAt) throw new AppError('CODE_INCORRECT');
      if (latest.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_LOCKED');
      if (latest.expiresAt.getTime() <= clock.now().getTime()) throw new AppError('CODE_EXPIRED');

      const expected = Buffer.from(latest.codeHash, 'hex');
      const given = Buffer.from(hashOf(purpose, target, code.trim()), 'hex');
      if (!timingSafeEqual(expected, given)) {
        // Counted with a conditional update, so concurrent guesses cannot exceed the limit.
        await db
          .update(verificationCodes)
          .set({ attempts: sql`${verificationCodes.attempts} + 1` })
          .where(and(eq(verificationCodes.id, latest.id), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)));
        throw new AppError('CODE_INCORRECT');
      }
      // Single use: of two concurrent correct submissions only one consumes the code.
      const consumed = await db
        .update(verificationCodes)
        .set({ consumedAt: clock.now() })
        .where(
          and(eq(verificationCodes.id, latest.id), isNull(verificationCodes.consumedAt), lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS)),
        )
        .returning({ id: verificationCodes.id });
      if (consumed.length === 0) throw new AppError('CODE_INCORRECT');
    },
    verifyPhone: (purpose, areaCode, phone, code) => service.verify(purpose, phoneTarget(areaCode, phone), code),
    async discard(issued) {
      await db.delete(verificationCodes).where(eq(verificationCodes.id, issued.id));
    },
  };
  return service;
}

export const phoneTarget = (areaCode: string, phone: string) => `sms:${areaCode}:${phone}`;
export const userTarget = (userId: number) => `user:${userId}`;

/** Codes are kept a day after they were issued (long past their validity), then forgotten. */
const CODE_KEPT_MS = 24 * 3_600_000;

/** Maintenance: deletes the codes past their day; answers how many. */
export async function pruneVerificationCodes(db: Database, clock: Clock): Promise<number> {
  const removed = await db
    .delete(verificationCodes)
    .where(lt(verificationCodes.createdAt, new Date(clock.now().getTime() - CODE_KEPT_MS)))
    .returning({ id: verificationCodes.id });
  return removed.length;
}
