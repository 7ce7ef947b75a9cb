import type { Locale } from '@prism/domain';
import type { AuthContext } from '../../http/context';
import type { TelegramLaunch } from '../telegram';
import { login, telegramLogin } from './login';
import { resetLoginPassword } from './password';
import { register } from './register';
import { revokeSession } from './sessions';
import type { AuthServiceDeps, LoginInput, RegisterInput, ResetPasswordInput } from './types';

export type { AuthServiceDeps, LoginInput, RegisterInput, ResetPasswordInput } from './types';

/** Wires the account use cases (register, login, password reset, logout) to their dependencies. */
export function createAuthService(deps: AuthServiceDeps) {
  return {
    register: (input: RegisterInput, telegram?: TelegramLaunch) => register(deps, input, telegram),
    login: (input: LoginInput, telegram?: TelegramLaunch) => login(deps, input, telegram),
    telegramLogin: (telegram: TelegramLaunch, locale?: Locale) => telegramLogin(deps, telegram, locale),
    resetLoginPassword: (input: ResetPasswordInput, caller?: AuthContext) => resetLoginPassword(deps, input, caller),
    async logout(caller: AuthContext): Promise<void> {
      if (caller.sessionId) await revokeSession(deps.db, deps.clock, caller.sessionId, 'logout');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
