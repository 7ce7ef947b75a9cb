import type { WithdrawalView } from '@prism/domain';
import type { StatusTone } from '../../components/StatusBadge';

export function withdrawalTone(status: WithdrawalView['status']): StatusTone {
  return status === 'paid' ? 'good' : status === 'rejected' ? 'bad' : 'wait';
}
