import { type OpsCommand, option, positional } from '../command';

/** Operator commands of money out (withdrawal review). */
export const withdrawCommands: OpsCommand[] = [
  {
    words: ['withdrawals', 'list'],
    usage: 'withdrawals list [--status pending_review|paid|rejected]   withdrawals, newest first',
    run: (args, http) => http.get('/admin/withdrawals', { status: option(args, 'status') ?? 'pending_review' }),
  },
  {
    words: ['withdrawals', 'approve'],
    usage: 'withdrawals approve <id>                             mark a withdrawal paid (after paying it out)',
    run: (args, http) => http.post(`/admin/withdrawals/${encodeURIComponent(positional(args)[0] ?? '')}/approve`, { by: 'ops-cli' }),
  },
  {
    words: ['withdrawals', 'reject'],
    usage: 'withdrawals reject <id> <reason...>                  refund a withdrawal; the user sees the reason',
    run: (args, http) => {
      const [withdrawalId, ...reason] = positional(args);
      return http.post(`/admin/withdrawals/${encodeURIComponent(withdrawalId ?? '')}/reject`, { reason: reason.join(' '), by: 'ops-cli' });
    },
  },
];
