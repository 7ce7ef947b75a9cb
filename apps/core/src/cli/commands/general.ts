import { type OpsCommand, option, positional } from '../command';

export const generalCommands: OpsCommand[] = [
  {
    words: ['health'],
    usage: 'health                                               the server answers; its money mode (play or real)',
    run: (_args, http) => http.get('/admin/health'),
  },
  {
    words: ['outbox'],
    usage: 'outbox [sms|bot] [--phone 9876543210] [--limit 20]   latest SMS or bot messages (SMS hold the codes)',
    run: (args, http) =>
      http.get('/admin/outbox', { kind: positional(args)[0] ?? 'sms', phone: option(args, 'phone'), limit: option(args, 'limit') }),
  },
  {
    words: ['config', 'list'],
    usage: 'config list                                          every setting',
    run: (_args, http) => http.get('/admin/config'),
  },
  {
    words: ['config', 'set'],
    usage: 'config set <KEY> <VALUE>                             change a setting (e.g. COUNTRY_CODE, CUSTOMER_SERVICE_URL)',
    run: (args, http) => http.post('/admin/config', { key: args[0], value: args.slice(1).join(' ') }),
  },
  {
    words: ['users', 'disable'],
    usage: 'users disable|enable <phone> [--area 91]             block or unblock an account (disabling signs it out)',
    run: (args, http) =>
      http.post('/admin/users/status', { phone: positional(args)[0], areaCode: option(args, 'area'), status: 'disable' }),
  },
  {
    words: ['users', 'enable'],
    usage: '',
    run: (args, http) => http.post('/admin/users/status', { phone: positional(args)[0], areaCode: option(args, 'area'), status: 'enable' }),
  },
];
