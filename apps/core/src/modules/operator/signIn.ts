import { AppError, isOperatorRole, type OperatorRole, type Permission, permissionsOf } from '@prism/domain';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { OperatorPrincipal } from '../../http/context';
import { sha256Hex } from '../../platform/hash';
import { decoyHash, verifyPassword } from '../../platform/passwords';
import { recordAudit } from '../audit';
import { clearAttempts, type ThrottlePolicy, throttledCheck } from '../throttle';
import { type OperatorRow, operatorRecoveryCodes, operators } from './schema';
import { normalizeRecoveryCode, openTotpSecret, totpStep } from './secrets';
import { openSession } from './sessions';
import type { OperatorDeps } from './types';

/** Per operator and address: 5 free, then 30 s doubling to 15 min (as players' logins). */
const PER_ADDRESS: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 30_000, maxDelayMs: 15 * 60_000 };
/** Per operator from every address: caps a guesser spread over many addresses. */
const PER_OPERATOR: ThrottlePolicy = { freeFailures: 20, baseDelayMs: 5 * 60_000, maxDelayMs: 60 * 60_000 };

export const signInKeys = (login: string, address: string) => ({
  address: `operator:${login.toLowerCase()}:${address}`,
  operator: `operator:${login.toLowerCase()}`,
});

export interface SignInInput {
  login: string;
  password: string;
  /** The authenticator's 6-digit code, or one of the recovery codes. */
  code: string;
  address: string;
  userAgent: string;
}

export interface SignedIn {
  operator: { id: number; login: string; role: OperatorRole; permissions: Permission[] };
  session: { token: string; csrf: string; id: number };
}

/** A TOTP code of a step later than the last one accepted (never the same code twice), or an unused recovery code. */
async function spendSecondFactor(db: Executor, key: Buffer, row: OperatorRow, code: string, now: Date): Promise<boolean> {
  const step = row.totpSecret ? totpStep(openTotpSecret(row.totpSecret, key), code.trim(), now) : undefined;
  if (step !== undefined) {
    const taken = await db
      .update(operators)
      .set({ totpLastStep: step })
      .where(and(eq(operators.id, row.id), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
      .returning({ id: operators.id });
    return taken.length === 1;
  }
  const used = await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(operatorRecoveryCodes.operatorId, row.id),
        eq(operatorRecoveryCodes.codeHash, sha256Hex(normalizeRecoveryCode(code))),
        isNull(operatorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: operatorRecoveryCodes.id });
  return used.length === 1;
}

async function recordFailure(deps: OperatorDeps, row: OperatorRow | undefined, input: SignInInput, waitMs: number): Promise<void> {
  // An unknown login is recorded as operator 0 with the login tried, so guessing shows in the log.
  const operator: OperatorPrincipal = row
    ? { id: row.id, login: row.login, role: row.role as OperatorRole, via: 'console' }
    : { id: 0, login: '', role: 'breakGlass', via: 'console' };
  await recordAudit(
    deps.db,
    deps.clock,
    { operator, address: input.address },
    {
      action: 'operator.signInFailed',
      target: { type: 'operator', id: row?.id ?? 0 },
      after: { login: input.login, throttled: waitMs > 0 },
    },
  );
}

/**
 * Password and second factor, throttled per (operator, address) and per operator through the
 * throttle module; an unknown or inactive login costs the same work and answers the same.
 */
export async function signIn(deps: OperatorDeps, input: SignInInput): Promise<SignedIn> {
  const [row] = await deps.db.select().from(operators).where(eq(operators.login, input.login));
  const active = row?.status === 'active' && isOperatorRole(row.role) ? row : undefined;
  const keys = signInKeys(input.login, input.address);
  const budgets = [
    { key: keys.address, policy: PER_ADDRESS },
    { key: keys.operator, policy: PER_OPERATOR },
  ];
  const hash = active?.passwordHash ?? (await decoyHash());
  const verdict = await throttledCheck(deps.db, deps.clock, budgets, async () => {
    const right = await verifyPassword(hash, input.password);
    return right && active !== undefined && (await spendSecondFactor(deps.db, deps.totpKey, active, input.code, deps.clock.now()));
  });
  if (!verdict.right || !active) {
    const waitMs = verdict.right ? 0 : verdict.waitMs;
    await recordFailure(deps, row, input, waitMs);
    if (waitMs) throw AppError.wait('OPERATOR_LOGIN_THROTTLED', waitMs / 1000);
    throw new AppError('OPERATOR_LOGIN_FAILED');
  }
  await clearAttempts(deps.db, [keys.address]);
  const role = active.role as OperatorRole;
  const session = await deps.db.transaction(async (tx) => {
    await tx.update(operators).set({ lastSignInAt: deps.clock.now() }).where(eq(operators.id, active.id));
    const opened = await openSession(tx, deps.clock, active.id, input);
    const operator: OperatorPrincipal = { id: active.id, login: active.login, role, via: 'console', sessionId: String(opened.id) };
    await recordAudit(
      tx,
      deps.clock,
      { operator, address: input.address },
      {
        action: 'operator.signIn',
        target: { type: 'session', id: opened.id },
      },
    );
    return opened;
  });
  return { operator: { id: active.id, login: active.login, role, permissions: permissionsOf(role) }, session };
}
