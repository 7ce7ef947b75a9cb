import type { OpsCommand } from '../command';

export const liabilitiesCommands: OpsCommand[] = [
  {
    words: ['liabilities', 'snapshot'],
    usage: 'liabilities snapshot                                 take a proof-of-liabilities snapshot now (docs/liabilities.md)',
    run: (_args, http) => http.post('/admin/liabilities/snapshot', {}),
  },
];
