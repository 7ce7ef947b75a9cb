import type { ApiError } from '@prism/client';

/**
 * Session expiry (codes 401 / 50001) travels from the API client to the app
 * shell through here, so the shell does not need the client in
 * the first chunk.
 */
let handler: ((error: ApiError) => void) | undefined;

export function onSessionExpired(listener: (error: ApiError) => void): () => void {
  handler = listener;
  return () => {
    if (handler === listener) handler = undefined;
  };
}

export function reportSessionExpired(error: ApiError): void {
  handler?.(error);
}
