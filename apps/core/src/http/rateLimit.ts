import { AppError } from '@prism/domain';
import type { Request, RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { answerError } from './errorHandler';

/**
 * Per-IP limits (or per `keyOf`, e.g. per user) for the endpoints that guess passwords or codes or send SMS. The store is
 * in memory, so each core process counts on its own; the per-code attempt limit
 * (5) and the 60 s resend rule live in the database and hold across processes.
 */
export function createRateLimiter(perMinute: number, keyOf?: (req: Request) => string): RequestHandler {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    ...(keyOf ? { keyGenerator: keyOf } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (req, res) => answerError(res, new AppError('TOO_MANY_REQUESTS'), req.locale),
  });
}
