import type { BetStatus } from '@prism/domain';
import type { StatusTone } from '../../components/StatusBadge';

/** WIN good, LOSE bad, PENDING and DRAW (refunded) waiting/neutral. */
export function statusTone(status: BetStatus): StatusTone {
  return status === 'WIN' ? 'good' : status === 'LOSE' ? 'bad' : 'wait';
}
