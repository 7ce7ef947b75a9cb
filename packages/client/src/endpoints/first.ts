import type { HttpClient } from '../http';
import { accountEndpoints } from './account';
import { dailySignInEndpoints } from './dailySignIn';

/**
 * The groups a visitor's first pages call: sign-in, codes, the user, configuration, and the daily
 * sign-in's status (an early request of the home page). The other groups are endpoints/later.ts,
 * which the web loads with its pages beyond login.
 */
export function firstEndpoints(http: HttpClient) {
  return { ...accountEndpoints(http), ...dailySignInEndpoints(http) };
}

export type FirstApi = ReturnType<typeof firstEndpoints>;
