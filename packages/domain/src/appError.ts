import type { ErrorKey } from './errorCatalogue';
import type { ValidationKey } from './errors';
import type { MessageParams } from './messages';

/**
 * The one error type of the API. It carries a catalogue key (its code and its
 * translated message come from @prism/domain), and for validation failures the
 * offending fields. Throw it from anywhere in the core; its HTTP error handler answers with it.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly key: ErrorKey,
    readonly fields: Partial<Record<string, ValidationKey>> = {},
    /** Values the message needs, such as the wait of LOGIN_THROTTLED. */
    readonly params: MessageParams = {},
  ) {
    super(key);
  }

  /** A validation failure on one or more fields; the first field's message becomes the answer's message. */
  static invalid(fields: Partial<Record<string, ValidationKey>>): AppError {
    return new AppError('VALIDATION', fields);
  }

  /** Refused for now: the message says how long to wait, and the answer's result carries it in seconds. */
  static wait(key: ErrorKey, waitSeconds: number): AppError {
    return new AppError(key, {}, { waitSeconds: Math.max(1, Math.ceil(waitSeconds)) });
  }
}
