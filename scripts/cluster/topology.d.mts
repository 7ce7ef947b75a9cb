import type { ClusterState } from './types.d.mts';
export function start(options: { base: number; coreEnv?: Record<string, string>; cores?: number }): Promise<ClusterState>;
export function stop(base: number): Promise<boolean>;
export function recordGroups(state: ClusterState): void;
export function failover(base: number, options?: { kill?: boolean }): Promise<{ seconds: number; outageSeconds: number; primary: string }>;
export function standby(base: number): Promise<{ seconds: number; port: number }>;
