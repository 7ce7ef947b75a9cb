import { AppError, isOperatorRole, type OperatorRole } from '@prism/domain';
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { OperatorPrincipal } from '../../http/context';
import { sha256Hex } from '../../platform/hash';
import { type AuditActor, recordAudit } from '../audit';
import { type OperatorRow, operatorApiTokens, operatorRecoveryCodes, operatorSessions, operatorSetupTokens, operators } from './schema';
import { newTotpSecret, randomToken, sealTotpSecret } from './secrets';
import { type OperatorDeps, type OperatorStatus, type OperatorView, SETUP_TTL_MS } from './types';

export function viewOf(row: OperatorRow): OperatorView {
  return {
    id: row.id,
    login: row.login,
    role: row.role as OperatorRole,
    status: row.status as OperatorStatus,
    telegramId: row.telegramId,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

export async function listOperators(db: Executor): Promise<OperatorView[]> {
  return (await db.select().from(operators).orderBy(asc(operators.id))).map(viewOf);
}

export async function findOperator(db: Executor, id: number): Promise<OperatorRow> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id));
  if (!row) throw new AppError('OPERATOR_NOT_FOUND');
  return row;
}

async function refuseTakenTelegram(db: Executor, telegramId: number | null | undefined, except = 0): Promise<void> {
  if (telegramId == null) return;
  const [other] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.telegramId, telegramId), ne(operators.id, except)));
  if (other) throw new AppError('OPERATOR_TELEGRAM_TAKEN');
}

/** A new setup link for a pending operator (with a fresh TOTP secret to enrol); returns its URL. */
async function issueSetupLink(tx: Executor, deps: OperatorDeps, operatorId: number): Promise<string> {
  const token = randomToken();
  const now = deps.clock.now();
  const totpSecret = sealTotpSecret(newTotpSecret(), deps.totpKey);
  await tx.update(operators).set({ totpSecret, totpLastStep: null }).where(eq(operators.id, operatorId));
  await tx
    .insert(operatorSetupTokens)
    .values({ tokenHash: sha256Hex(token), operatorId, createdAt: now, expiresAt: new Date(now.getTime() + SETUP_TTL_MS) });
  return `${deps.publicUrl.replace(/\/$/, '')}/admin/setup/${token}`;
}

export interface NewOperator {
  login: string;
  role: OperatorRole;
  telegramId?: number | undefined;
}

/** Creates a pending operator and its one-time setup link (24 h). Audited as 'operator.create'. */
export async function createOperator(deps: OperatorDeps, actor: AuditActor, input: NewOperator) {
  return deps.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.login, input.login));
    if (taken) throw new AppError('OPERATOR_LOGIN_TAKEN');
    await refuseTakenTelegram(tx, input.telegramId);
    const [row] = await tx
      .insert(operators)
      .values({
        login: input.login,
        role: input.role,
        status: 'pending',
        telegramId: input.telegramId ?? null,
        createdBy: actor.operator.id,
        createdAt: deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error('operator not created');
    const setupUrl = await issueSetupLink(tx, deps, row.id);
    await recordAudit(tx, deps.clock, actor, { action: 'operator.create', target: { type: 'operator', id: row.id }, after: viewOf(row) });
    return { id: row.id, login: row.login, role: input.role, setupUrl };
  });
}

/** Whether an active owner exists: while none does, the break-glass token may create one. */
async function activeOwnerExists(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(and(eq(operators.role, 'owner'), eq(operators.status, 'active')))
    .limit(1);
  return row !== undefined;
}

/**
 * The break-glass token's one power: the first owner (or a new one when every owner is gone).
 * A login that exists as a pending owner gets a fresh link instead of a second row.
 */
export async function bootstrapOwner(deps: OperatorDeps, actor: AuditActor, login: string): Promise<{ setupUrl: string }> {
  if (await activeOwnerExists(deps.db)) throw new AppError('OPERATOR_OWNER_EXISTS');
  const [existing] = await deps.db.select().from(operators).where(eq(operators.login, login));
  if (!existing) {
    const created = await createOperator(deps, actor, { login, role: 'owner' });
    await recordAudit(deps.db, deps.clock, actor, { action: 'operator.bootstrap', target: { type: 'operator', id: created.id } });
    return { setupUrl: created.setupUrl };
  }
  if (existing.role !== 'owner' || existing.status !== 'pending') throw new AppError('OPERATOR_LOGIN_TAKEN');
  return deps.db.transaction(async (tx) => {
    const setupUrl = await issueSetupLink(tx, deps, existing.id);
    await recordAudit(tx, deps.clock, actor, { action: 'operator.bootstrap', target: { type: 'operator', id: existing.id } });
    return { setupUrl };
  });
}

export interface OperatorChange {
  role?: OperatorRole | undefined;
  status?: 'active' | 'disabled' | undefined;
  /** null unlinks. */
  telegramId?: number | null | undefined;
}

/** Nobody locks the platform out: the last active owner keeps their role and stays enabled. */
async function refuseLosingLastOwner(tx: Executor, row: OperatorRow, change: OperatorChange): Promise<void> {
  const stopsOwning = (change.role !== undefined && change.role !== 'owner') || change.status === 'disabled';
  if (row.role !== 'owner' || row.status !== 'active' || !stopsOwning) return;
  const [other] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(operators)
    .where(and(eq(operators.role, 'owner'), eq(operators.status, 'active'), ne(operators.id, row.id)));
  if (!other?.count) throw new AppError('OPERATOR_LAST_OWNER');
}

const actionOf = (change: OperatorChange): string =>
  change.status === 'disabled'
    ? 'operator.disable'
    : change.status === 'active'
      ? 'operator.enable'
      : change.role !== undefined
        ? 'operator.role'
        : 'operator.update';

/** Role, status or Telegram link of another operator. Disabling ends their sessions and tokens at once. */
export async function changeOperator(deps: OperatorDeps, actor: AuditActor, id: number, change: OperatorChange): Promise<OperatorView> {
  if (id === actor.operator.id) throw new AppError('OPERATOR_SELF');
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!row) throw new AppError('OPERATOR_NOT_FOUND');
    await refuseLosingLastOwner(tx, row, change);
    await refuseTakenTelegram(tx, change.telegramId, id);
    // An operator who never completed setup becomes active only through their setup link.
    const status = change.status === 'active' && !row.passwordHash ? 'pending' : change.status;
    const [after] = await tx
      .update(operators)
      .set({
        ...(change.role !== undefined ? { role: change.role } : {}),
        ...(status !== undefined ? { status } : {}),
        ...(change.telegramId !== undefined ? { telegramId: change.telegramId } : {}),
      })
      .where(eq(operators.id, id))
      .returning();
    if (!after) throw new Error('operator not updated');
    if (status === 'disabled') await revokeEverything(tx, deps, id);
    await recordAudit(tx, deps.clock, actor, {
      action: actionOf(change),
      target: { type: 'operator', id },
      before: viewOf(row),
      after: viewOf(after),
    });
    return viewOf(after);
  });
}

async function revokeEverything(tx: Executor, deps: OperatorDeps, operatorId: number): Promise<void> {
  const now = deps.clock.now();
  await tx
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
  await tx
    .update(operatorApiTokens)
    .set({ revokedAt: now })
    .where(and(eq(operatorApiTokens.operatorId, operatorId), isNull(operatorApiTokens.revokedAt)));
}

/** Ends every console session and revokes every API token of another operator. Audited as 'operator.signOut'. */
export async function signOutOperator(deps: OperatorDeps, actor: AuditActor, id: number): Promise<void> {
  if (id === actor.operator.id) throw new AppError('OPERATOR_SELF');
  await deps.db.transaction(async (tx) => {
    await findOperator(tx, id);
    await revokeEverything(tx, deps, id);
    await recordAudit(tx, deps.clock, actor, { action: 'operator.signOut', target: { type: 'operator', id } });
  });
}

/**
 * An operator who lost their authenticator (or whose password may be known): back to pending with a
 * new setup link, every session, API token and recovery code ended, so nothing of the old sign-in
 * works. Another operator does it (never oneself). Audited as 'operator.resetSetup'.
 */
export async function resetOperatorSetup(deps: OperatorDeps, actor: AuditActor, id: number): Promise<{ setupUrl: string }> {
  if (id === actor.operator.id) throw new AppError('OPERATOR_SELF');
  return deps.db.transaction(async (tx) => {
    const row = await findOperator(tx, id);
    await revokeEverything(tx, deps, id);
    await tx
      .update(operatorRecoveryCodes)
      .set({ usedAt: deps.clock.now() })
      .where(and(eq(operatorRecoveryCodes.operatorId, id), isNull(operatorRecoveryCodes.usedAt)));
    const [after] = await tx.update(operators).set({ status: 'pending', passwordHash: null }).where(eq(operators.id, id)).returning();
    const setupUrl = await issueSetupLink(tx, deps, id);
    await recordAudit(tx, deps.clock, actor, {
      action: 'operator.resetSetup',
      target: { type: 'operator', id },
      before: viewOf(row),
      after: after ? viewOf(after) : undefined,
    });
    return { setupUrl };
  });
}

/** The principal of an active operator, as the bot acts for them; undefined when unlinked, pending or disabled. */
export async function operatorByTelegramId(db: Executor, telegramId: number): Promise<OperatorPrincipal | undefined> {
  const [row] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.telegramId, telegramId), eq(operators.status, 'active')));
  if (!row || !isOperatorRole(row.role)) return undefined;
  return { id: row.id, login: row.login, role: row.role, via: 'bot' };
}

/** Telegram ids of active operators whose role holds `can`: where the bot sends review requests. */
export async function linkedTelegramIds(db: Executor, can: (role: OperatorRole) => boolean): Promise<number[]> {
  const rows = await db
    .select({ role: operators.role, telegramId: operators.telegramId })
    .from(operators)
    .where(eq(operators.status, 'active'));
  return rows.flatMap((row) => (row.telegramId !== null && isOperatorRole(row.role) && can(row.role) ? [row.telegramId] : []));
}
