import { useAction } from '../../../lib/action';
import { api } from '../../../lib/api';

export type RegisterInput = Parameters<typeof api.auth.register>[0];

/** POST /app/auth/register (invitation code optional). */
export const register = (input: RegisterInput) => api.auth.register(input);
export const useRegister = () => useAction(register);
