import type { SignInResult, SignInStatus } from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** Engagement: the daily sign-in (gift codes, levels and taps join here). */
export function engageEndpoints(http: HttpClient) {
  return {
    signIn: {
      signStatus: () => http.post<SignInStatus>('/app/signIn/signStatus'),
      signIn: (call?: CallOptions) => http.post<SignInResult>('/app/signIn/signIn', {}, call),
    },
  };
}
