import type { transportCodes } from '@prism/domain';

/** Every failure the client reports: a business code from the envelope, or a transport code (point 8). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
    readonly kind: 'business' | 'transport',
    /** The envelope's result (validation failures carry `{ field, fields }`). */
    readonly result?: unknown,
  ) {
    super(message);
  }

  /** Field messages of a validation failure, if any. */
  get fields(): Record<string, string> {
    const result = this.result as { fields?: Record<string, string> } | null | undefined;
    return result?.fields ?? {};
  }
}

/** The message shown when a failure carries none (specification point 8). */
export const NET_ERROR_MESSAGE = 'net error';

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

export function transportError(code: (typeof transportCodes)[keyof typeof transportCodes], message = NET_ERROR_MESSAGE): ApiError {
  return new ApiError(code, message, 'transport');
}
