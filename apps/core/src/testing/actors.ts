import type { OperatorRole } from '@prism/domain';
import type { AuditActor } from '../modules/audit';

/**
 * An operator acting at the service level. Four eyes needs two different operators, and on HTTP
 * this branch has only the shared owner token: tests that need a second one call the service with
 * these (the "operators" helper's provisionOperator gives real ones with their own API tokens).
 */
export function operatorActor(id: number, login: string, role: OperatorRole = 'finance'): AuditActor {
  return { operator: { id, login, role, via: 'console' }, address: '127.0.0.1' };
}
