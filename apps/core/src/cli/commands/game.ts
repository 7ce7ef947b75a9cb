import { type OpsCommand, option, positional } from '../command';

const ROOM_OPTIONS: Record<string, string> = {
  name: 'levelName',
  enable: 'enableFlag',
  'session-seconds': 'sessionSeconds',
  'bet-close-seconds': 'betCloseSeconds',
  'base-amounts': 'betBaseAmounts',
  multiples: 'betMultiples',
  'chip-min': 'chipMinLimit',
  'chip-max': 'chipMaxLimit',
  'bet-max': 'betAmountMax',
  'fee-bps': 'feeBps',
};

/** Operator commands of the game: rooms and seed chains (nothing here, or anywhere, sets a result). */
export const gameCommands: OpsCommand[] = [
  {
    words: ['game', 'rooms'],
    usage: 'game rooms                                           every room with its timing, bets, limits and odds',
    run: (_args, http) => http.get('/admin/game/levels'),
  },
  {
    words: ['game', 'chains'],
    usage: 'game chains                                          seed chains: anchors and how far each has been used',
    run: (_args, http) => http.get('/admin/game/chains'),
  },
  {
    words: ['game', 'figures'],
    usage: 'game figures [<user id>]                             bet figures that differ from the bets (all users: reads every bet)',
    run: (args, http) => {
      const [userId] = positional(args);
      return http.get('/admin/game/figures', userId === undefined ? {} : { userId });
    },
  },
  {
    words: ['game', 'figures', 'repair'],
    usage:
      'game figures repair <user id> | --all                 rewrite bet figures from the bets (safe while users bet;\n' +
      '                                                       --all: up to 100 users whose figures differ; says how many remain)',
    run: (args, http) =>
      args.includes('--all')
        ? http.post('/admin/game/figures/repair', { all: 'true' })
        : http.post('/admin/game/figures/repair', { userId: positional(args)[0] }),
  },
  {
    words: ['game', 'room'],
    usage:
      'game room <level 1-9> [--name 3 min] [--enable true|false] [--session-seconds 180 --bet-close-seconds 5]\n' +
      '          [--base-amounts 1,10,100] [--multiples 1,5,10] [--chip-min 1] [--chip-max 100000] [--bet-max 200000] [--fee-bps 200]\n' +
      '                                                       add or change a room (timing only before it first runs)',
    run: (args, http) => {
      const form: Record<string, string> = { level: positional(args)[0] ?? '' };
      for (const [flag, name] of Object.entries(ROOM_OPTIONS)) {
        const value = option(args, flag);
        if (value !== undefined) form[name] = value;
      }
      return http.post('/admin/game/levels', form);
    },
  },
];
