export function startServer(options: { dir: string; port: number; log: string }): Promise<number>;
