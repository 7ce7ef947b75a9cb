import type { Query } from '../../lib/query';

/** Invitation codes are short letters and digits (as the bot accepts them); anything else is ignored. */
const INVITATION = /^[A-Za-z0-9]{4,16}$/;

/**
 * The invitation code to prefill at registration: `?invitationCode=` (the web
 * invite link), `?startapp=` (the bot's Mini App button), or Telegram's
 * start_param (t.me/<bot>/<app>?startapp=<code>).
 */
export function pickInvitationCode(query: Query, startParam: string | undefined): string | undefined {
  for (const candidate of [query.invitationCode, query.startapp, startParam]) {
    const code = candidate?.trim();
    if (code && INVITATION.test(code)) return code.toUpperCase();
  }
  return undefined;
}
