import type { ClusterState } from './types.d.mts';
export function startCore(state: ClusterState, index: number): Promise<number>;
export const ROOT: string;
export function coreEnv(state: ClusterState): NodeJS.ProcessEnv;
