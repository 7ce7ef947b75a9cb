import type { BroadcastView, ContentPage } from '@prism/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';
import type { Page } from '../giftCodes/api';

export type BroadcastRow = BroadcastView;

export const contentKey = ['config', 'content'] as const;
export const fetchContent = (type: string, locale: string) => adminApi.get<ContentPage>('content', { type, locale });
export const contentQuery = (type: string, locale: string) =>
  queryOptions({ queryKey: [...contentKey, type, locale], queryFn: () => fetchContent(type, locale) });
export const useContent = (type: string, locale: string) => useQuery(contentQuery(type, locale));
export const saveContent = (body: Record<string, string>) => adminApi.post<ContentPage>('content', body);

export const broadcastsKey = ['config', 'broadcasts'] as const;
export const fetchBroadcasts = () => adminApi.get<Page<BroadcastRow>>('broadcasts', { pageNo: 1, pageSize: 20 });
/** Polled every 3 s while a broadcast is still delivering, so its progress moves on screen. */
export const broadcastsQuery = queryOptions({
  queryKey: broadcastsKey,
  queryFn: fetchBroadcasts,
  refetchInterval: (query) => (query.state.data?.content.some((b) => b.status === 'delivering') ? 3000 : false),
});
export const useBroadcasts = () => useQuery(broadcastsQuery);
export const createBroadcast = (body: Record<string, string>) => adminApi.post<BroadcastRow>('broadcasts', body);

/** The operator's introduction PDF (null: players get the demo document). */
export interface PdfInfo {
  size: number;
  sha256: string;
  updatedAt: string;
}

export const pdfKey = ['config', 'contentPdf'] as const;
export const fetchPdfInfo = () => adminApi.get<PdfInfo | null>('content/pdf');
export const pdfQuery = queryOptions({ queryKey: pdfKey, queryFn: fetchPdfInfo });
export const usePdfInfo = () => useQuery(pdfQuery);
/** Multipart carries only the file, so the stamp the form read rides in the query string. */
export const uploadPdf = (file: File, stamp: string | undefined) =>
  adminApi.upload<PdfInfo>(stamp ? `content/pdf?expectedUpdatedAt=${encodeURIComponent(stamp)}` : 'content/pdf', file, file.name);
