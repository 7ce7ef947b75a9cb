import type { ClusterState, ClusterUrls } from './types.d.mts';
export const DEFAULT_BASE_PORT: number;
export function readState(base: number): ClusterState | undefined;
export function writeState(state: ClusterState): void;
export function urlsOf(state: ClusterState): ClusterUrls;
