import { type OpsCommand, option } from '../command';

/** Operator commands of broadcasts: a message to every user's list and linked Telegram chat. */
export const broadcastCommands: OpsCommand[] = [
  {
    words: ['broadcast', 'send'],
    usage: 'broadcast send --title <t> --text <t>   a message to every user (message list, and Telegram for linked chats)',
    run: (args, http) => http.post('/admin/broadcasts', { title: option(args, 'title'), text: option(args, 'text'), createdBy: 'ops-cli' }),
  },
  {
    words: ['broadcast', 'list'],
    usage: 'broadcast list [--page <n>]   broadcasts, newest first, with their Telegram delivery counts',
    run: (args, http) => http.get('/admin/broadcasts', { pageNo: option(args, 'page') }),
  },
];
