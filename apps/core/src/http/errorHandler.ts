import { AppError, DEFAULT_LOCALE, errorCatalogue, type Locale, translateMessage } from '@prism/domain';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isConnectionLoss } from '../db/errors';
import type { Logger } from '../platform/logger';
import { sendEnvelope } from './envelope';

/** Body-parser and multer failures carry these; they are the caller's fault, not ours. */
function fromFrameworkError(error: unknown): AppError | undefined {
  if (isConnectionLoss(error)) return new AppError('SERVICE_UNAVAILABLE');
  const err = error as { type?: string; status?: number; code?: string };
  if (err.type === 'entity.too.large' || err.type === 'parameters.too.many' || err.code === 'LIMIT_FILE_SIZE')
    return new AppError('PAYLOAD_TOO_LARGE');
  if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_PART_COUNT') {
    return AppError.invalid({ file: 'FIELD_INVALID' });
  }
  if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) return new AppError('VALIDATION');
  return undefined;
}

/** res.locals key: the error an answer carried (its envelope has HTTP 200), for the request metrics' outcome. */
export const ANSWERED_ERROR = 'answeredError';

export function answerError(res: Parameters<RequestHandler>[1], error: AppError, locale: Locale): void {
  const entry = errorCatalogue[error.key];
  res.locals[ANSWERED_ERROR] = error.key;
  const fieldEntries = Object.entries(error.fields).filter((entry): entry is [string, NonNullable<(typeof entry)[1]>] => !!entry[1]);
  const fields = Object.fromEntries(fieldEntries.map(([name, key]) => [name, translateMessage(key, locale)]));
  const first = fieldEntries[0];
  // A validation answer leads with the first field's own message; generic ones name the field.
  const message = first
    ? first[1] === 'FIELD_INVALID'
      ? `${first[0]}: ${translateMessage('FIELD_INVALID', locale)}`
      : translateMessage(first[1], locale)
    : translateMessage(error.key, locale, error.params);
  const wait = error.params.waitSeconds;
  sendEnvelope(res, {
    code: entry.code,
    message,
    result: first ? { field: first[0], fields } : wait !== undefined ? { retryAfterSeconds: wait } : null,
    timestamp: Date.now(),
  });
}

export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const locale = req.locale ?? DEFAULT_LOCALE;
    const known = error instanceof AppError ? error : fromFrameworkError(error);
    if (known) return answerError(res, known, locale);
    // Anything else is a bug: log it with the request id, answer without internals.
    logger.error({ err: error, requestId: req.requestId, path: req.path }, 'unhandled error');
    answerError(res, new AppError('INTERNAL'), locale);
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  answerError(res, new AppError('NOT_FOUND'), req.locale ?? DEFAULT_LOCALE);
};
