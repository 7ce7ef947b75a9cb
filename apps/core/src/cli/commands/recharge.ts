import { type OpsCommand, option } from '../command';

/** Operator commands of money in: the sandbox chain watcher's input, deposits and recharge orders. */
export const rechargeCommands: OpsCommand[] = [
  {
    words: ['deposits', 'report'],
    usage:
      'deposits report --network <TRC20|BEP20|ERC20|TON> --address <a> --amount <usdt> --confirmations <n> [--tx <hash>]   sandbox chain watcher: a deposit arrived',
    run: (args, http) =>
      http.post('/admin/deposits/report', {
        network: option(args, 'network'),
        address: option(args, 'address'),
        amount: option(args, 'amount'),
        confirmations: option(args, 'confirmations'),
        txHash: option(args, 'tx'),
      }),
  },
  {
    words: ['deposits', 'list'],
    usage: 'deposits list [--status pending|credited|below_minimum|unknown_address] [--limit <n>]   recent USDT deposits',
    run: (args, http) => http.get('/admin/deposits', { status: option(args, 'status'), limit: option(args, 'limit') }),
  },
  {
    words: ['recharge', 'orders'],
    usage: 'recharge orders [--status pending|paid|failed|amount_mismatch|over_limit] [--limit <n>]   recent CASH recharge orders',
    run: (args, http) => http.get('/admin/recharge/orders', { status: option(args, 'status'), limit: option(args, 'limit') }),
  },
];
