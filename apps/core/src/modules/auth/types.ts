import type { Locale } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Random } from '../../platform/random';
import type { CodeService } from '../sms';
import type { SessionDeps } from './sessions';

export interface RegisterInput {
  locale: Locale;
  phone: string;
  areaCode: string;
  password: string;
  code: string;
  invitationCode?: string | undefined;
}

export interface LoginInput {
  locale: Locale;
  phone: string;
  areaCode?: string | undefined;
  password: string;
  /** The client address (req.ip: the socket's, or the proxy's report only under TRUST_PROXY). */
  address: string;
}

export interface ResetPasswordInput {
  phone: string;
  areaCode: string;
  password: string;
  code: string;
  /** The client address, as for login: proving the phone here lets this address past the account budget. */
  address: string;
}

export interface AuthServiceDeps extends SessionDeps {
  db: Database;
  random: Random;
  codes: CodeService;
}

/** The login throttle keys of an account (or unregistered phone) seen from one client address. */
export function loginKeys(subject: string, address: string) {
  return { account: `login:${subject}`, address: `login:${subject}@${address}`, trusted: `login-ok:${subject}@${address}` };
}
