import { randomUUID } from 'node:crypto';
import { resolveLocale } from '@prism/domain';
import type { RequestHandler } from 'express';
import type { Logger } from '../platform/logger';

/**
 * Request id, language from Accept-Language, and one structured log line per answer (no bodies,
 * no headers). When the level drops request lines (LOG_LEVEL above info), no listener is added.
 */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    req.requestId = req.headers['x-request-id']?.toString().slice(0, 64) || randomUUID();
    req.locale = resolveLocale(req.headers['accept-language']);
    res.setHeader('X-Request-Id', req.requestId);
    if (!logger.isLevelEnabled('info')) return next();
    res.on('finish', () => {
      const ms = performance.now() - started;
      logger.info(
        {
          requestId: req.requestId,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          uid: req.auth?.userId,
          ms: Math.round(ms * 10) / 10,
        },
        'request',
      );
    });
    next();
  };
}
