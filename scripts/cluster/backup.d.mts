import type { ClusterState } from './types.d.mts';
export function takeBackup(state: ClusterState): { dir: string; takenAt: string; endedAt: string };
export function archiveNow(state: ClusterState): Promise<string>;
export function restore(state: ClusterState, to: string): Promise<ClusterState['restored'][number] & { dir: string; backup: string }>;
