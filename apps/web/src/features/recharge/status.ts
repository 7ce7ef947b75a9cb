import type { RechargeTask } from '@prism/domain';
import type { StatusTone } from '../../components/StatusBadge';

/** How each state of a recharge order or USDT deposit looks. */
export function rechargeTone(status: RechargeTask['status']): StatusTone {
  switch (status) {
    case 'paid':
    case 'credited':
      return 'good';
    case 'pending':
      return 'wait';
    default:
      return 'bad';
  }
}
