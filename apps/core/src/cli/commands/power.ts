import { type OpsCommand, option } from '../command';

const FIELDS = [
  'cateId',
  'cateName',
  'name',
  'coin',
  'price',
  'power',
  'termDays',
  'dailyRateBps',
  'feeBps',
  'dailyLimit',
  'sort',
] as const;

/** Operator commands of the task platform: power packages. */
export const powerCommands: OpsCommand[] = [
  {
    words: ['power', 'list'],
    usage: 'power list   every power package (enabled or not) with its terms',
    run: (_args, http) => http.get('/admin/powerSessions'),
  },
  {
    words: ['power', 'save'],
    usage:
      'power save [--id <n>] --cateId <n> --cateName <t> --name <t> --coin CASH --price <a> --power <a> --termDays <n> --dailyRateBps <n> --feeBps <n> --dailyLimit <n> [--sort <n>] [--disable]   create or edit a package (live holdings keep their terms)',
    run: (args, http) => {
      const form: Record<string, string | undefined> = { id: option(args, 'id'), enabled: args.includes('--disable') ? 'false' : 'true' };
      for (const field of FIELDS) form[field] = option(args, field);
      return http.post('/admin/powerSessions', form);
    },
  },
];
