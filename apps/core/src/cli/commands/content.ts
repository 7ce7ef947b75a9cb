import { readFile } from 'node:fs/promises';
import { type OpsCommand, option, positional } from '../command';

/** Operator commands of the introduction pages' text. */
export const contentCommands: OpsCommand[] = [
  {
    words: ['content', 'show'],
    usage: 'content show <type> [locale]   one introduction page as the app gets it (types: project guide about role market)',
    run: (args, http) => {
      const [type, locale] = positional(args);
      return http.get('/admin/content', { type, locale: locale ?? 'en-US' });
    },
  },
  {
    words: ['content', 'set'],
    usage: 'content set <type> <locale> --title <title> (--file <body.md> | --text <body>)   set one language of one introduction page',
    run: async (args, http) => {
      const [type, locale] = positional(args);
      const file = option(args, 'file');
      const content = file ? await readFile(file, 'utf8') : option(args, 'text');
      return http.post('/admin/content', { type, locale, title: option(args, 'title'), content });
    },
  },
];
