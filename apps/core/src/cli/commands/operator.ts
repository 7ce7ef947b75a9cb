import os from 'node:os';
import { createInterface } from 'node:readline';
import type { HttpClient } from '@prism/client';
import { type CliContext, type OpsCommand, option, positional } from '../command';
import { saveOperatorToken } from '../credentials';
import { readHidden } from '../hiddenInput';

type OperatorRow = { id: number; login: string };

/** The operator id of a login (the routes take ids; people type logins). */
async function idOf(http: HttpClient, login: string | undefined): Promise<number> {
  const list = await http.get<OperatorRow[]>('/admin/operators');
  const found = list.find((row) => row.login === login);
  if (!found) throw new Error(`No operator with login ${login ?? '(none given)'}; see \`npm run ops -- operator list\``);
  return found.id;
}

const change = (form: Record<string, string>) => async (args: string[], http: HttpClient) =>
  http.post(`/admin/operators/${await idOf(http, positional(args)[0])}`, form);

/** Reads answers to the prompts from stdin, one line each (typed, or piped by a script). */
async function ask(questions: string[]): Promise<string[]> {
  const answers: string[] = [];
  const lines = createInterface({ input: process.stdin, terminal: false });
  process.stderr.write(questions[0] as string);
  for await (const line of lines) {
    answers.push(line.trim());
    if (answers.length === questions.length) break;
    process.stderr.write(questions[answers.length] as string);
  }
  lines.close();
  if (answers.length < questions.length) throw new Error('Sign-in cancelled');
  return answers;
}

/** At a terminal the password is typed without showing (raw mode); piped input is read as lines (scripts, tests). */
async function askAtTerminal(): Promise<string[]> {
  const [loginName] = await ask(['Login: ']);
  const password = await readHidden('Password (not shown): ');
  if (password === undefined) throw new Error('Sign-in cancelled');
  const [code] = await ask(['Authenticator code (or a recovery code): ']);
  return [loginName as string, password, code as string];
}

async function post(url: string, form: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form),
  });
  const envelope = (await response.json()) as { code: number; message: string; result: unknown };
  if (envelope.code !== 200) throw new Error(`${envelope.message} (code ${envelope.code})`);
  return { envelope, cookies: response.headers.getSetCookie().map((c) => c.split(';')[0] as string) };
}

/**
 * `npm run ops -- login`: signs in as the console does (login, password, authenticator code),
 * creates a personal API token named `cli@<host>` (audited as `cli`), ends that console session
 * and keeps the token in DATA_DIR/ops-operator-token (0600) for the next commands.
 */
async function login(cli: CliContext) {
  const [loginName, password, code] = process.stdin.isTTY
    ? await askAtTerminal()
    : await ask(['Login: ', 'Password: ', 'Authenticator code (or a recovery code): ']);
  const admin = `${cli.baseUrl}/core/admin`;
  const signed = await post(`${admin}/auth/login`, { login: loginName as string, password: password as string, code: code as string });
  const csrf = signed.cookies.find((c) => c.startsWith('prism_ops_csrf='))?.split('=')[1] ?? '';
  const session = { Cookie: signed.cookies.join('; '), 'X-CSRF-Token': csrf };
  const made = await post(`${admin}/auth/tokens`, { name: `cli@${os.hostname()}` }, session);
  await post(`${admin}/auth/logout`, {}, session);
  const file = await saveOperatorToken(cli.dataDir, (made.envelope.result as { token: string }).token);
  return { signedIn: (signed.envelope.result as { operator: unknown }).operator, tokenFile: file };
}

export const operatorCommands: OpsCommand[] = [
  {
    words: ['login'],
    usage: 'login                                                sign in (login, password, code on stdin); keeps an API token in DATA_DIR',
    credential: 'none',
    run: (_args, _http, cli) => {
      if (!cli) throw new Error('login runs from `npm run ops`');
      return login(cli);
    },
  },
  {
    words: ['operator', 'bootstrap'],
    usage: 'operator bootstrap <login>                           the first owner, with the break-glass token (DATA_DIR/ops-token)',
    credential: 'breakGlass',
    run: (args, http) => http.post('/admin/operators/bootstrap', { login: positional(args)[0] }),
  },
  {
    words: ['operator', 'add'],
    usage: 'operator add <login> --role <role> [--telegram <id>] a new operator; prints the one-time setup link (24 h)',
    run: (args, http) =>
      http.post('/admin/operators', { login: positional(args)[0], role: option(args, 'role'), telegramId: option(args, 'telegram') }),
  },
  {
    words: ['operator', 'list'],
    usage: 'operator list                                        operators with role, status and last sign-in',
    run: (_args, http) => http.get('/admin/operators'),
  },
  {
    words: ['operator', 'disable'],
    usage: 'operator disable|enable <login>                      disabling ends their sessions and API tokens at once',
    run: change({ status: 'disabled' }),
  },
  { words: ['operator', 'enable'], usage: '', run: change({ status: 'active' }) },
  {
    words: ['operator', 'role'],
    usage: 'operator role <login> <role>                         owner, finance, support, content or games',
    run: (args, http) => change({ role: positional(args)[1] ?? '' })(args, http),
  },
  {
    words: ['operator', 'telegram'],
    usage: "operator telegram <login> <id|''>                    link (or unlink) the Telegram account the bot obeys",
    run: (args, http) => change({ telegramId: positional(args)[1] ?? '' })(args, http),
  },
  {
    words: ['operator', 'signout'],
    usage: 'operator signout <login>                             end all their sessions and revoke their API tokens',
    run: async (args, http) => http.post(`/admin/operators/${await idOf(http, positional(args)[0])}/signOut`),
  },
  {
    words: ['operator', 'reset'],
    usage: 'operator reset <login>                               lost authenticator: back to a new setup link, old sign-in ended',
    run: async (args, http) => http.post(`/admin/operators/${await idOf(http, positional(args)[0])}/resetSetup`),
  },
];
