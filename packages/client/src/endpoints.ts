import { firstEndpoints } from './endpoints/first';
import { laterEndpoints } from './endpoints/later';
import { type ClientOptions, HttpClient } from './http';

/**
 * One typed function per endpoint of specification point 7 (and our additions),
 * grouped by feature, one file per feature. Paths are relative to /core/.
 * In two parts (endpoints/first.ts, endpoints/later.ts) for the web, which loads the second later.
 */
export function createEndpoints(http: HttpClient) {
  return { ...firstEndpoints(http), ...laterEndpoints(http) };
}

export type PrismApi = ReturnType<typeof createEndpoints>;

/** Every endpoint at once (`@prism/client/all`: core's tests, any Node client); the web composes its own (apps/web/src/lib/api.ts). */
export function createApiClient(options: ClientOptions): PrismApi {
  return createEndpoints(new HttpClient(options));
}
