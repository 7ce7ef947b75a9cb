export function haproxyCfg(options: { port: number; cores: number[] }): string;
export function startHaproxy(options: { dir: string; port: number; cores: number[] }): Promise<number>;
