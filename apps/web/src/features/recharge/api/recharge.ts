import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type RechargeInput = Parameters<typeof api.recharge.recharge>[0];

/** POST /app/user/cashRecharge/recharge: a pending order and the page where it is paid (`payUrl`). */
export const createRecharge = ({ input, idempotencyKey }: { input: RechargeInput; idempotencyKey: string }) =>
  api.recharge.recharge(input, { idempotencyKey });

export const useCreateRecharge = () => useMutation({ mutationFn: createRecharge });
