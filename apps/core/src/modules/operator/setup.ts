import { AppError, type OperatorRole } from '@prism/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sha256Hex } from '../../platform/hash';
import { hashPassword } from '../../platform/passwords';
import { type AuditActor, recordAudit } from '../audit';
import { type OperatorRow, operatorRecoveryCodes, operatorSetupTokens, operators } from './schema';
import { normalizeRecoveryCode, openTotpSecret, otpauthUrl, recoveryCode, totpStep } from './secrets';
import { type OperatorDeps, RECOVERY_CODE_COUNT } from './types';

/** The pending operator a setup token opens, while it is unused and younger than 24 h. */
async function setupTarget(db: Executor, deps: OperatorDeps, token: string): Promise<OperatorRow> {
  const [found] = await db
    .select({ operator: operators })
    .from(operatorSetupTokens)
    .innerJoin(operators, eq(operators.id, operatorSetupTokens.operatorId))
    .where(
      and(
        eq(operatorSetupTokens.tokenHash, sha256Hex(token)),
        isNull(operatorSetupTokens.usedAt),
        gt(operatorSetupTokens.expiresAt, deps.clock.now()),
        eq(operators.status, 'pending'),
      ),
    );
  if (!found?.operator.totpSecret) throw new AppError('OPERATOR_SETUP_INVALID');
  return found.operator;
}

/** What the setup page shows: who is being set up and the authenticator secret (QR code from otpauthUrl). */
export async function setupInfo(deps: OperatorDeps, token: string) {
  const row = await setupTarget(deps.db, deps, token);
  const secret = openTotpSecret(row.totpSecret as string, deps.totpKey);
  return { login: row.login, role: row.role as OperatorRole, otpauthUrl: otpauthUrl(row.login, secret), secret };
}

/**
 * Sets the password and enrols the authenticator (the code proves it), once: the link is spent,
 * the operator is active, and ten recovery codes are returned, never to be shown again.
 */
export async function completeSetup(
  deps: OperatorDeps,
  address: string,
  input: { token: string; password: string; code: string },
): Promise<{ recoveryCodes: string[] }> {
  const target = await setupTarget(deps.db, deps, input.token);
  const step = totpStep(openTotpSecret(target.totpSecret as string, deps.totpKey), input.code, deps.clock.now());
  if (step === undefined) throw new AppError('OPERATOR_CODE_INVALID');
  const passwordHash = await hashPassword(input.password);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await deps.db.transaction(async (tx) => {
    const spent = await tx
      .update(operatorSetupTokens)
      .set({ usedAt: deps.clock.now() })
      .where(and(eq(operatorSetupTokens.tokenHash, sha256Hex(input.token)), isNull(operatorSetupTokens.usedAt)))
      .returning({ operatorId: operatorSetupTokens.operatorId });
    // Two tabs submitting the same link: only one wins.
    if (spent.length !== 1) throw new AppError('OPERATOR_SETUP_INVALID');
    await tx.update(operators).set({ passwordHash, status: 'active', totpLastStep: step }).where(eq(operators.id, target.id));
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, target.id));
    await tx
      .insert(operatorRecoveryCodes)
      .values(codes.map((code) => ({ operatorId: target.id, codeHash: sha256Hex(normalizeRecoveryCode(code)) })));
    const actor: AuditActor = {
      operator: { id: target.id, login: target.login, role: target.role as OperatorRole, via: 'console' },
      address,
    };
    await recordAudit(tx, deps.clock, actor, { action: 'operator.setup', target: { type: 'operator', id: target.id } });
  });
  return { recoveryCodes: codes };
}
