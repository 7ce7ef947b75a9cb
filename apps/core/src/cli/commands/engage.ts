import { type OpsCommand, option } from '../command';

/** Operator commands of engagement: gift codes. */
export const engageCommands: OpsCommand[] = [
  {
    words: ['giftcode', 'create'],
    usage:
      'giftcode create --amount <a> [--asset CASH|USDT|CHIP|GOLD|POINT] [--uses <n>] [--days <n>] [--repeat]   a new gift code (once per user unless --repeat)',
    run: (args, http) =>
      http.post('/admin/giftCodes', {
        asset: option(args, 'asset') ?? 'CASH',
        amount: option(args, 'amount'),
        totalUses: option(args, 'uses') ?? '1',
        days: option(args, 'days') ?? '7',
        perUserOnce: args.includes('--repeat') ? 'false' : 'true',
        createdBy: 'ops-cli',
      }),
  },
  {
    words: ['giftcode', 'list'],
    usage: 'giftcode list [--page <n>]   gift codes, newest first, with their use counts',
    run: (args, http) => http.get('/admin/giftCodes', { pageNo: option(args, 'page') }),
  },
];
