import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type RegisterInput = Parameters<typeof api.auth.register>[0];

/** POST /app/auth/register (invitation code optional). */
export const register = (input: RegisterInput) => api.auth.register(input);
export const useRegister = () => useMutation({ mutationFn: register });
