import type { Locale } from '@prism/domain';
import type { Request } from 'express';

/** Who is calling, once a token or validated Telegram initData has been checked. */
export interface AuthContext {
  userId: number;
  /** The auth session (JWT `jti`); absent when authenticated by Telegram initData alone. */
  sessionId?: string;
  via: 'token' | 'telegram';
}

declare global {
  namespace Express {
    interface Request {
      locale: Locale;
      requestId: string;
      auth?: AuthContext;
      /** Why authentication failed, when a credential was sent but refused. */
      authFailure?: import('@prism/domain').ErrorKey;
    }
  }
}

export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
