import type { Request } from 'express';
import type { Executor } from '../../db/client';
import type { OperatorPrincipal } from '../../http/context';
import { clientIp } from '../../http/context';
import type { Clock } from '../../platform/clock';
import { auditLog } from './schema';

/** Who acted, from where, in which request: taken from the request once, passed to the service that acts. */
export interface AuditActor {
  operator: OperatorPrincipal;
  address: string;
  requestId?: string;
}

/** One operator action. `before`/`after` are the target's relevant state around it (omit what did not exist). */
export interface AuditInput {
  action: string;
  target?: { type: string; id: string | number };
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** The actor of an operator request (behind permit(), so the operator is known). */
export function actorOf(req: Request): AuditActor {
  if (!req.operator) throw new Error('actorOf: no operator on this request (route not behind the operator guard)');
  return { operator: req.operator, address: clientIp(req), requestId: req.requestId };
}

/**
 * Writes one audit row and returns its id. Call it inside the transaction that does the action, so
 * that the row exists exactly when the action does; a ledger transfer the action makes carries the id.
 */
export async function recordAudit(db: Executor, clock: Clock, actor: AuditActor, input: AuditInput): Promise<number> {
  const [row] = await db
    .insert(auditLog)
    .values({
      at: clock.now(),
      operatorId: actor.operator.id,
      operatorLogin: actor.operator.login,
      operatorRole: actor.operator.role,
      via: actor.operator.via,
      address: actor.address,
      action: input.action,
      targetType: input.target?.type ?? '',
      targetId: input.target === undefined ? '' : String(input.target.id),
      before: input.before ?? null,
      after: input.after ?? null,
      reason: input.reason ?? null,
      requestId: actor.requestId ?? null,
    })
    .returning({ id: auditLog.id });
  if (!row) throw new Error('audit row not written');
  return row.id;
}
