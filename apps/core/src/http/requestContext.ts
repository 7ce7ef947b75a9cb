import { randomUUID } from 'node:crypto';
import { resolveLocale } from '@prism/domain';
import type { RequestHandler } from 'express';
import type { Logger } from '../platform/logger';

/** Request id, language from Accept-Language, and one structured log line per answer (no bodies, no headers). */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    req.requestId = req.get('X-Request-Id')?.slice(0, 64) || randomUUID();
    req.locale = resolveLocale(req.get('Accept-Language'));
    res.setHeader('X-Request-Id', req.requestId);
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
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
