import type { HttpClient } from '@prism/client';

/** One `npm run ops -- <words...>` command. Features add theirs in cli/commands/. */
export interface OpsCommand {
  /** The words that select it, e.g. ['withdrawals', 'approve']. */
  words: string[];
  usage: string;
  run(args: string[], http: HttpClient): Promise<unknown>;
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
