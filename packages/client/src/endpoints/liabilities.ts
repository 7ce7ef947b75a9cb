import type { LiabilitiesHistoryItem, LiabilitiesSnapshotView, MyLiabilityProof, Paged } from '@prism/domain';
import type { HttpClient } from '../http';

/** Proof of liabilities (docs/liabilities.md): the public snapshot and its history, and the caller's own proof. */
export function liabilitiesEndpoints(http: HttpClient) {
  return {
    liabilities: {
      latest: () => http.get<LiabilitiesSnapshotView | null>('/app/public/liabilities'),
      history: (query: { pageNo: number; pageSize?: number }) =>
        http.get<Paged<LiabilitiesHistoryItem>>('/app/public/liabilities/history', query),
      myProof: (query: { snapshotId?: number } = {}) => http.get<MyLiabilityProof>('/app/user/liabilities/proof', query),
    },
  };
}
