import { useAction } from '../../../lib/action';
import { api } from '../../../lib/api';

export type LoginInput = Parameters<typeof api.auth.login>[0];

/** POST /app/auth/login. Inside Telegram the launch data goes along and links the Telegram user. */
export const login = (input: LoginInput) => api.auth.login(input);
export const useLogin = () => useAction(login);
