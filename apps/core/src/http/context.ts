import type { Locale, OperatorRole } from '@prism/domain';
import type { Request } from 'express';

/** Who is calling, once a token or validated Telegram initData has been checked. */
export interface AuthContext {
  userId: number;
  /** The auth session (JWT `jti`); absent when authenticated by Telegram initData alone. */
  sessionId?: string;
  via: 'token' | 'telegram';
}

/**
 * Who is calling /core/admin: an operator (their console session or personal API token) or the
 * break-glass token, which may only create the first owner. `via` says through what, for the audit log.
 */
export interface OperatorPrincipal {
  /** operators.id; 0 for the break-glass token. */
  id: number;
  login: string;
  role: OperatorRole | 'breakGlass';
  via: 'console' | 'cli' | 'bot' | 'api' | 'breakGlass';
  /** The console session (for its listing and revocation); absent for API tokens and break-glass. */
  sessionId?: string;
}

declare global {
  namespace Express {
    interface Request {
      locale: Locale;
      requestId: string;
      auth?: AuthContext;
      /** The operator behind a /core/admin call, once the operator module has checked their credential. */
      operator?: OperatorPrincipal;
      /** Why authentication failed, when a credential was sent but refused. */
      authFailure?: import('@prism/domain').ErrorKey;
    }
  }
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
