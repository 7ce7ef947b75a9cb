import { randomUUID } from 'node:crypto';
import { resolveLocale } from '@prism/domain';
import type { Request, RequestHandler, Response } from 'express';
import { type Logger, requestLogger } from '../platform/logger';

declare global {
  namespace Express {
    interface Request {
      /** performance.now() when the request entered the app: the request line's `ms`. */
      startedAt: number;
    }
  }
}

/**
 * Request id, language from Accept-Language, and one structured log line per answer (no bodies,
 * no headers). When the level drops request lines (LOG_LEVEL above info), no listener is added.
 * The listener is one function for all requests (it reads the response it is called on), not a
 * closure per request.
 */
export function requestContext(logger: Logger): RequestHandler {
  const log = requestLogger(logger);
  function logAnswer(this: Response): void {
    const req = this.req as Request;
    log.info(
      {
        requestId: req.requestId,
        method: req.method,
        path: req.path,
        status: this.statusCode,
        uid: req.auth?.userId,
        ms: Math.round((performance.now() - req.startedAt) * 10) / 10,
      },
      'request',
    );
  }
  return (req, res, next) => {
    req.startedAt = performance.now();
    req.requestId = req.headers['x-request-id']?.toString().slice(0, 64) || randomUUID();
    req.locale = resolveLocale(req.headers['accept-language']);
    res.setHeader('X-Request-Id', req.requestId);
    if (log.isLevelEnabled('info')) res.on('finish', logAnswer);
    next();
  };
}
