import { createEndpoints, type PrismApi } from './endpoints';
import { type ClientOptions, HttpClient } from './http';

export type { PrismApi } from './endpoints';
export type { GameCoin } from './endpoints/game';
export type { NotificationChoiceForm } from './endpoints/notify';
export { ApiError, isApiError, NET_ERROR_MESSAGE } from './errors';
export { type FormData, type FormValue, toUrlEncoded } from './form';
export { type CallOptions, type ClientOptions, HttpClient, mapTransportError } from './http';

// The event streams (the game's, the support chat's) are '@prism/client/events', not in this barrel: the web's
// first-page chunk takes in every module the barrel names, and only two later pages use them.

/** The one API client of web and bot. */
export function createApiClient(options: ClientOptions): PrismApi {
  return createEndpoints(new HttpClient(options));
}
