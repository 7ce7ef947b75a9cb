// Not in this barrel, so that the web's first pages (which import it) do not take them in: the
// event streams ('@prism/client/events'), the signed-in pages' endpoints ('@prism/client/later')
// and the client of every endpoint at once ('@prism/client/all').

export type { PrismApi } from './endpoints';
export { type FirstApi, firstEndpoints } from './endpoints/first';
export type { GameCoin } from './endpoints/game';
export type { LaterApi } from './endpoints/later';
export type { NotificationChoiceForm } from './endpoints/notify';
export { ApiError, isApiError, NET_ERROR_MESSAGE } from './errors';
export { type FormData, type FormValue, toUrlEncoded } from './form';
export { type CallOptions, type ClientOptions, HttpClient, mapTransportError } from './http';
