import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryClient';

/** POST /app/user/cashRecharge/amountList: quick picks and the stepper's bounds. */
export const getRechargeAmounts = () => api.recharge.amountList();

export const rechargeAmountsQueryOptions = () => queryOptions({ queryKey: queryKeys.rechargeAmounts, queryFn: getRechargeAmounts });

export const useRechargeAmounts = () => useQuery(rechargeAmountsQueryOptions());
