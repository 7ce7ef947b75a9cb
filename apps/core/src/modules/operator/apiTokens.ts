import { AppError, isOperatorRole } from '@prism/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { OperatorPrincipal } from '../../http/context';
import type { Clock } from '../../platform/clock';
import { sha256Hex } from '../../platform/hash';
import { type AuditActor, recordAudit } from '../audit';
import { operatorApiTokens, operators } from './schema';
import { randomToken } from './secrets';

/**
 * Which channel a personal API token is, for the audit log: tokens whose name starts with "cli"
 * (those `npm run ops -- login` creates are named "cli@<host>") are 'cli', every other one 'api'.
 */
export const viaOfToken = (name: string): 'cli' | 'api' => (/^cli\b/i.test(name) ? 'cli' : 'api');

/** A new personal API token for the actor; the token is shown once. Audited as 'token.create'. */
export async function createApiToken(db: Executor, clock: Clock, actor: AuditActor, name: string): Promise<{ id: number; token: string }> {
  const token = `pat_${randomToken()}`;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operatorApiTokens)
      .values({ operatorId: actor.operator.id, name, tokenHash: sha256Hex(token), createdAt: clock.now() })
      .returning({ id: operatorApiTokens.id });
    if (!row) throw new Error('token not created');
    await recordAudit(tx, clock, actor, { action: 'token.create', target: { type: 'apiToken', id: row.id }, after: { name } });
    return { id: row.id, token };
  });
}

export async function listApiTokens(db: Executor, operatorId: number) {
  const rows = await db
    .select()
    .from(operatorApiTokens)
    .where(and(eq(operatorApiTokens.operatorId, operatorId), isNull(operatorApiTokens.revokedAt)))
    .orderBy(desc(operatorApiTokens.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the actor's own tokens. Audited as 'token.revoke'. */
export async function revokeApiToken(db: Executor, clock: Clock, actor: AuditActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(operatorApiTokens)
      .set({ revokedAt: clock.now() })
      .where(and(eq(operatorApiTokens.id, id), eq(operatorApiTokens.operatorId, actor.operator.id), isNull(operatorApiTokens.revokedAt)))
      .returning({ id: operatorApiTokens.id });
    if (revoked.length !== 1) throw new AppError('NOT_FOUND');
    await recordAudit(tx, clock, actor, { action: 'token.revoke', target: { type: 'apiToken', id } });
  });
}

/** The operator a live token belongs to (an active one), marking it used at most once a minute. */
export async function principalOfToken(db: Executor, clock: Clock, token: string): Promise<OperatorPrincipal | undefined> {
  const [found] = await db
    .select({ token: operatorApiTokens, operator: operators })
    .from(operatorApiTokens)
    .innerJoin(operators, eq(operators.id, operatorApiTokens.operatorId))
    .where(and(eq(operatorApiTokens.tokenHash, sha256Hex(token)), isNull(operatorApiTokens.revokedAt), eq(operators.status, 'active')));
  if (!found || !isOperatorRole(found.operator.role)) return undefined;
  const now = clock.now();
  if (!found.token.lastUsedAt || now.getTime() - found.token.lastUsedAt.getTime() >= 60_000)
    await db.update(operatorApiTokens).set({ lastUsedAt: now }).where(eq(operatorApiTokens.id, found.token.id));
  return { id: found.operator.id, login: found.operator.login, role: found.operator.role, via: viaOfToken(found.token.name) };
}
