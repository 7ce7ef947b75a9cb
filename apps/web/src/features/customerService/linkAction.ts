/** What opening the customer service address does (specification point 5). */
export type LinkAction =
  | { kind: 'notSet' }
  | { kind: 'telegramLink'; url: string }
  | { kind: 'inAppBrowser'; url: string }
  | { kind: 'newTab'; url: string };

const TELEGRAM_HOSTS = new Set(['t.me', 'telegram.me']);

/**
 * Decides how to open `address`: inside Telegram, t.me links go to
 * openTelegramLink (the chat opens in Telegram) and other links to openLink;
 * in a browser, a new tab. Empty, unparsable or non-http(s) addresses (a
 * `javascript:` URL) count as not set. A bare "@name" or "t.me/name" is taken as https.
 */
export function customerServiceAction(address: string | null | undefined, inTelegram: boolean): LinkAction {
  const url = normalise(address?.trim() ?? '');
  if (!url) return { kind: 'notSet' };
  if (!inTelegram) return { kind: 'newTab', url: url.href };
  return TELEGRAM_HOSTS.has(url.hostname.toLowerCase()) ? { kind: 'telegramLink', url: url.href } : { kind: 'inAppBrowser', url: url.href };
}

function normalise(address: string): URL | undefined {
  if (!address) return undefined;
  const withScheme = address.startsWith('@')
    ? `https://t.me/${address.slice(1)}`
    : /^[a-z][a-z0-9+.-]*:/i.test(address)
      ? address
      : `https://${address}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}
