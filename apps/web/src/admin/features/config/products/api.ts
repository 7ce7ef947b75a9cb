import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';

/** A power package as GET powerSessions answers it. */
export interface PowerPackage extends Record<string, unknown> {
  id: number;
  cateId: number;
  cateName: string;
  name: string;
  coin: string;
  price: string;
  power: string;
  termDays: number;
  dailyRate: string;
  dailyRateBps: number;
  feeBps: number;
  dailyLimit: number;
  netReturnRate: string;
  enabled: boolean;
  sort: number;
  updatedAt: string;
}

/** A follow-invest (advisor) product as GET followInvest/products answers it. */
export interface AdvisorProductRow extends Record<string, unknown> {
  id: number;
  advisorName: string;
  avatarUrl: string;
  coin: string;
  price: string;
  days: number;
  dailyRate: string;
  giftRate: string;
  totalReturnRate: string;
  availableUntil: string | null;
  enabled: boolean;
  sort: number;
  updatedAt: string;
}

/** A fixed-deposit term as GET fixedDeposit/products answers it. */
export interface DepositProductRow extends Record<string, unknown> {
  id: number;
  name: string;
  coin: string;
  days: number;
  annualRate: string;
  minAmount: string;
  netReturnRate: string;
  enabled: boolean;
  sort: number;
  updatedAt: string;
}

export const powerKey = ['config', 'power'] as const;
export const fetchPower = () => adminApi.get<PowerPackage[]>('powerSessions');
export const powerQuery = queryOptions({ queryKey: powerKey, queryFn: fetchPower });
export const usePower = () => useQuery(powerQuery);
export const savePower = (body: Record<string, string>) => adminApi.post('powerSessions', body);

export const advisorKey = ['config', 'followInvest'] as const;
export const fetchAdvisors = () => adminApi.get<AdvisorProductRow[]>('followInvest/products');
export const advisorQuery = queryOptions({ queryKey: advisorKey, queryFn: fetchAdvisors });
export const useAdvisors = () => useQuery(advisorQuery);
export const saveAdvisor = (body: Record<string, string>) => adminApi.post('followInvest/products', body);

export const depositKey = ['config', 'fixedDeposit'] as const;
export const fetchDeposits = () => adminApi.get<DepositProductRow[]>('fixedDeposit/products');
export const depositQuery = queryOptions({ queryKey: depositKey, queryFn: fetchDeposits });
export const useDeposits = () => useQuery(depositQuery);
export const saveDeposit = (body: Record<string, string>) => adminApi.post('fixedDeposit/products', body);
