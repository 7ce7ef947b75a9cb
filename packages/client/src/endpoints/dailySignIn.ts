import type { SignInResult, SignInStatus } from '@prism/domain';
import type { CallOptions, HttpClient } from '../http';

/** The daily sign-in: apart from the rest of engagement (engage.ts), since its status is one of the home page's early requests. */
export function dailySignInEndpoints(http: HttpClient) {
  return {
    signIn: {
      signStatus: () => http.post<SignInStatus>('/app/signIn/signStatus'),
      signIn: (call?: CallOptions) => http.post<SignInResult>('/app/signIn/signIn', {}, call),
    },
  };
}
