import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { useHasToken } from '../../../lib/token';

/** The public snapshot (no login); the player's own proof lives under ['user'], so a logout drops it. */
const keys = {
  latest: ['liabilities', 'latest'] as const,
  myProof: (snapshotId: number) => ['user', 'liabilities', 'proof', snapshotId] as const,
};

/** GET /app/public/liabilities: the newest snapshot of what the platform owes, or null before the first. */
export const useLiabilities = () => useQuery({ queryKey: keys.latest, queryFn: () => api.liabilities.latest() });

/** GET /app/user/liabilities/proof of the snapshot the page shows: only when signed in. */
export function useMyLiabilityProof(snapshotId: number) {
  const signedIn = useHasToken();
  const query = useQuery({ queryKey: keys.myProof(snapshotId), queryFn: () => api.liabilities.myProof({ snapshotId }), enabled: signedIn });
  return { signedIn, query };
}
