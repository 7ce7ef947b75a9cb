import { type OpsCommand, option } from '../command';

const flag = (args: string[], on: string, off: string) => (args.includes(on) ? 'true' : args.includes(off) ? 'false' : undefined);

/** Operator commands of the levels with upgrade tasks. */
export const levelCommands: OpsCommand[] = [
  {
    words: ['levels', 'list'],
    usage: 'levels list   every level with its upgrade tasks (amounts as decimals, invitations as counts)',
    run: (_args, http) => http.get('/admin/levels'),
  },
  {
    words: ['levels', 'set'],
    usage:
      'levels set --level <n> --name <name> [--promotion|--no-promotion]   add or rename a level (--promotion: unlocks the subordinate promotion reward)',
    run: (args, http) =>
      http.post('/admin/levels', {
        level: option(args, 'level'),
        name: option(args, 'name'),
        promotion: flag(args, '--promotion', '--no-promotion'),
      }),
  },
  {
    words: ['levels', 'task'],
    usage:
      'levels task [--id <n>] [--level <n>] [--kind recharge|invite|bet|power] [--target <t>] [--reward <a>] [--asset CASH|USDT|CHIP|GOLD|POINT] [--enable|--disable]   add a task (no --id) or change one',
    run: (args, http) =>
      http.post('/admin/levels/tasks', {
        id: option(args, 'id'),
        level: option(args, 'level'),
        kind: option(args, 'kind'),
        target: option(args, 'target'),
        reward: option(args, 'reward'),
        asset: option(args, 'asset'),
        enabled: flag(args, '--enable', '--disable'),
      }),
  },
];
