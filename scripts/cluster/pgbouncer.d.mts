export function restartPgbouncer(pid: number | undefined, options: { dir: string; port: number; primaryPort: number }): Promise<number>;
