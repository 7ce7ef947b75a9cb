import type { GiftCodeView } from '@prism/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';

export interface Page<T> {
  content: T[];
  totalElements: number;
  pageNo: number;
}

export interface Redemption {
  id: number;
  userId: number;
  asset: string;
  amount: string;
  createdAt: string;
}

export const PAGE_SIZE = 20;
export const giftCodesKey = ['config', 'giftCodes'] as const;

export const fetchGiftCodes = (pageNo: number) => adminApi.get<Page<GiftCodeView>>('giftCodes', { pageNo, pageSize: PAGE_SIZE });
export const giftCodesQuery = (pageNo: number) =>
  queryOptions({ queryKey: [...giftCodesKey, pageNo], queryFn: () => fetchGiftCodes(pageNo), placeholderData: keepPreviousData });
export const useGiftCodes = (pageNo: number) => useQuery(giftCodesQuery(pageNo));

export const fetchRedemptions = (code: string, pageNo: number) =>
  adminApi.get<{ code: GiftCodeView } & Page<Redemption>>(`giftCodes/${encodeURIComponent(code)}/redemptions`, {
    pageNo,
    pageSize: PAGE_SIZE,
  });
export const redemptionsQuery = (code: string, pageNo: number) =>
  queryOptions({ queryKey: [...giftCodesKey, 'redemptions', code, pageNo], queryFn: () => fetchRedemptions(code, pageNo) });
export const useRedemptions = (code: string, pageNo: number) => useQuery(redemptionsQuery(code, pageNo));

export const createGiftCode = (body: Record<string, string>) => adminApi.post<GiftCodeView>('giftCodes', body);
