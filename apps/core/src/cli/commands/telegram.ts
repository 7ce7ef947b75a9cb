import { type OpsCommand, option, positional } from '../command';

/** Sandbox only (DEV_OUTBOX): what Telegram would do, for local runs without a bot. */
export const telegramCommands: OpsCommand[] = [
  {
    words: ['telegram', 'start'],
    usage:
      'telegram start <t.me link | payload> --id <telegram id> [--username name]   sandbox: press Start in the bot (links Telegram from a link_ payload)',
    run: (args, http) =>
      http.post('/dev/telegram/start', {
        start: positional(args)[0] ?? '',
        telegramId: option(args, 'id') ?? '',
        ...(option(args, 'username') ? { username: option(args, 'username') } : {}),
      }),
  },
];
