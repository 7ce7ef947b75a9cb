import { routes } from '@prism/domain';

/**
 * Where the entry page ('/', /pages/load/load) sends the user once the session is settled (a
 * stored token, or Telegram's sign-in through lib/telegramSession, the one decision): home when
 * signed in, else the login page, carrying an invitation code along.
 */
export function entryTarget(signedIn: boolean, invitation: string | undefined): string {
  if (signedIn) return routes.home;
  return invitation ? `${routes.login}?invitationCode=${encodeURIComponent(invitation)}` : routes.login;
}
