import type { HttpClient } from '@prism/client';

/** One `npm run ops -- <words...>` command. Features add theirs in cli/commands/. */
export interface OpsCommand {
  /** The words that select it, e.g. ['withdrawals', 'approve']. */
  words: string[];
  usage: string;
  /** What `http` signs with: the operator's API token (default), the break-glass token, or nothing. */
  credential?: 'operator' | 'breakGlass' | 'none';
  /** `cli` is given by `npm run ops` itself (tests call commands with the client alone). */
  run(args: string[], http: HttpClient, cli?: CliContext): Promise<unknown>;
}

/** Where the CLI talks to and keeps its files. */
export interface CliContext {
  /** The server, e.g. http://127.0.0.1:3000 (OPS_URL or the PORT of .env). */
  baseUrl: string;
  dataDir: string;
}

/** The value after `--name`, if given. */
export function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Positional arguments, without `--name value` pairs. */
export function positional(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i]?.startsWith('--')) i++;
    else out.push(args[i] as string);
  }
  return out;
}
