export const PG_BIN: string;
export function run(command: string, args: string[], options?: { asPostgres?: boolean; env?: NodeJS.ProcessEnv }): string;
export function killGroup(pid: number | undefined, signal?: NodeJS.Signals): boolean;
export function stopGroup(pid: number | undefined, graceMs?: number): Promise<void>;
export function psql(port: number, database: string, statement: string): string;
export function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs?: number, everyMs?: number): Promise<T>;
export function alive(pid: number | undefined): boolean;
