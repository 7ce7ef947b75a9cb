import { type OpsCommand, option } from '../command';

const flag = (args: string[]) => (args.includes('--enable') ? 'true' : args.includes('--disable') ? 'false' : undefined);

/** Operator commands of the investment products: advisor (follow-invest) products and fixed-deposit terms. */
export const investCommands: OpsCommand[] = [
  {
    words: ['invest', 'advisor', 'list'],
    usage: 'invest advisor list   every advisor product (enabled or not) with its terms',
    run: (_args, http) => http.get('/admin/followInvest/products'),
  },
  {
    words: ['invest', 'advisor', 'set'],
    usage:
      'invest advisor set [--id <n>] [--name <advisor>] [--avatar <url>] [--price <min stake>] [--days <n>] [--daily-rate <percent, e.g. 0.80>] [--gift-rate <percent>] [--until <ISO time>|none] [--sort <n>] [--enable|--disable]   add a product (no --id: name, price, days and daily rate required) or change one; running orders keep their terms',
    run: (args, http) =>
      http.post('/admin/followInvest/products', {
        id: option(args, 'id'),
        advisorName: option(args, 'name'),
        avatarUrl: option(args, 'avatar'),
        price: option(args, 'price'),
        days: option(args, 'days'),
        dailyRate: option(args, 'daily-rate'),
        giftRate: option(args, 'gift-rate'),
        availableUntil: option(args, 'until'),
        sort: option(args, 'sort'),
        enabled: flag(args),
      }),
  },
  {
    words: ['invest', 'deposit', 'list'],
    usage: 'invest deposit list   every fixed-deposit term (enabled or not)',
    run: (_args, http) => http.get('/admin/fixedDeposit/products'),
  },
  {
    words: ['invest', 'deposit', 'set'],
    usage:
      'invest deposit set [--id <n>] [--name <label>] [--days <n>] [--annual-rate <percent, e.g. 5.00>] [--min <amount>] [--sort <n>] [--enable|--disable]   add a term (no --id: all of name, days, rate and min) or change one; open deposits keep their terms',
    run: (args, http) =>
      http.post('/admin/fixedDeposit/products', {
        id: option(args, 'id'),
        name: option(args, 'name'),
        days: option(args, 'days'),
        annualRate: option(args, 'annual-rate'),
        minAmount: option(args, 'min'),
        sort: option(args, 'sort'),
        enabled: flag(args),
      }),
  },
];
