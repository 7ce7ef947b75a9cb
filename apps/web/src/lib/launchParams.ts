/**
 * Telegram's launch parameters, read leniently (no SDK): the SDK's own parser
 * refuses launch data without a `signature` field, which clients before Bot
 * API 8.0 do not send although the server's HMAC check accepts it. Here only
 * what the app needs is taken: the raw initData (sent to the server as it
 * is), the client's version and platform, the theme, the start parameter and
 * the user's Telegram language.
 */
export interface LaunchParams {
  /** The raw tgWebAppData query string, exactly as Telegram signed it. */
  initData: string | undefined;
  version: string;
  platform: string;
  themeParams: Record<string, `#${string}`>;
  startParam: string | undefined;
  /** The user's Telegram language (`language_code` of initData's user), e.g. "ar", "zh-hans". */
  languageCode: string | undefined;
}

/** The query part of a URL's search or hash, as the SDK reads it ("#a=1?b=2" -> "a=1&b=2"). */
export function launchQueryOf(url: string): string {
  return url.replace(/^[^?#]*[?#]/, '').replace(/[?#]/g, '&');
}

function languageOf(initData: string | undefined): string | undefined {
  const user = new URLSearchParams(initData ?? '').get('user');
  if (!user) return undefined;
  try {
    const code = (JSON.parse(user) as { language_code?: unknown }).language_code;
    return typeof code === 'string' && code ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The palette's colours (Telegram sends #rrggbb strings; anything else is dropped). */
function themeOf(raw: string | null): Record<string, `#${string}`> {
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, `#${string}`] => typeof entry[1] === 'string' && /^#[\da-f]{3,8}$/i.test(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

/** Parses one launch query; undefined when it is not a Telegram launch (no version or platform). */
export function parseLaunchQuery(query: string): LaunchParams | undefined {
  const params = new URLSearchParams(query);
  const version = params.get('tgWebAppVersion');
  const platform = params.get('tgWebAppPlatform');
  if (!version || !platform) return undefined;
  const initData = params.get('tgWebAppData') || undefined;
  const startParam = params.get('tgWebAppStartParam') || new URLSearchParams(initData ?? '').get('start_param') || undefined;
  return {
    initData,
    version,
    platform,
    themeParams: themeOf(params.get('tgWebAppThemeParams')),
    startParam,
    languageCode: languageOf(initData),
  };
}

/** The first source that holds launch parameters: the URL now, the first navigation's URL, then what was stored. */
export function findLaunchQuery(sources: readonly (string | undefined | null)[]): string | undefined {
  for (const source of sources) {
    if (!source) continue;
    const query = launchQueryOf(source);
    if (parseLaunchQuery(query)) return query;
  }
  return undefined;
}

/** Dotted version comparison ("6.10" > "6.9"): true when `version` is at least `minimum`. */
export function versionAtLeast(version: string, minimum: string): boolean {
  const a = version.split('.').map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

/** Where the app keeps the launch query as Telegram sent it, for reloads (the router replaces the URL). */
export const LAUNCH_COPY_KEY = 'prism.launchParams';

function quietly<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}

/**
 * This page's launch query: from the URL now, the first navigation's URL, or the copy kept for
 * reloads, which is written here untouched. (The SDK's own stored copy may carry the empty
 * `signature` added for its parser; sent to the server it would break the HMAC of an old client.)
 */
export function currentLaunchQuery(): string | undefined {
  const navigation = quietly(() => globalThis.performance?.getEntriesByType?.('navigation')[0]?.name);
  const kept = quietly(() => globalThis.sessionStorage?.getItem(LAUNCH_COPY_KEY));
  const query = findLaunchQuery([globalThis.location?.href, navigation, kept]);
  if (query) quietly(() => globalThis.sessionStorage?.setItem(LAUNCH_COPY_KEY, query));
  return query;
}
