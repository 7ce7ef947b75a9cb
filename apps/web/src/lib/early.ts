import { routes } from '@prism/domain';
import { loadAppStrings } from '../i18n/resources';
import { api, telegramSession } from './api';
import { getLocale } from './locale';
import { getToken } from './token';

/**
 * The home page's first requests, started by main.tsx as soon as the entry chunk runs, for a
 * signed-in user landing on home (directly, or through the entry page, which sends a signed-in
 * user home): they travel while the page's own chunks load, instead of after its first render.
 * A linked Telegram user without a token is signed in first (lib/telegramSession, the same
 * sign-in the entry page and the login guard then wait for), and the requests follow it.
 * Through the one API client; the page's queries take each answer once (`takeEarly`).
 */
export type EarlyKey = 'userInfo' | 'checkInStatus';

const started = new Map<EarlyKey, { answer: Promise<unknown>; at: number; value?: { data: unknown } }>();
/** An answer older than this is not used: the page asks again (react-query's staleTime is 30 s). */
const FRESH_MS = 30_000;
const HOME_PATHS: readonly string[] = [routes.home, routes.load, routes.loadAlias];
let ran = false;

/** For tests: lets startEarly run again. */
export function resetEarlyForTests(): void {
  ran = false;
  started.clear();
}

export interface EarlyRequests {
  userInfo: () => Promise<unknown>;
  checkInStatus: () => Promise<unknown>;
  /** The pages' UI strings in the stored language: the module starts loading; lib/i18n imports the same one later. */
  pageStrings?: () => Promise<unknown>;
  /** Telegram's sign-in when it applies (a linked user's launch data, no token): true once signed in; undefined otherwise. */
  telegramSignIn?: () => Promise<boolean> | undefined;
}

const fromApi: EarlyRequests = {
  userInfo: () => api.user.getUserInfo(),
  checkInStatus: () => api.signIn.signStatus(),
  pageStrings: () => loadAppStrings(getLocale()),
  telegramSignIn: () => (telegramSession.step() === 'telegram' ? telegramSession.ensure() : undefined),
};

/** Starts the home page's requests when `pathname` leads a signed-in user home; returns what it started. */
export function startEarly(
  pathname: string,
  hasToken = getToken() !== null,
  requests: EarlyRequests = fromApi,
  now: () => number = Date.now,
): EarlyKey[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // Once per page load: the early entry and main.tsx both call it.
  if (ran || !HOME_PATHS.includes(path)) return [];
  const signedIn = hasToken ? Promise.resolve(true) : requests.telegramSignIn?.();
  if (!signedIn) return [];
  ran = true;
  const keys: EarlyKey[] = ['userInfo', 'checkInStatus'];
  for (const key of keys) {
    // After Telegram's sign-in when there was no token; a refused sign-in leaves the page to ask (it will not be home).
    const answer = hasToken ? requests[key]() : signedIn.then((ok) => (ok ? requests[key]() : Promise.reject(new Error('not signed in'))));
    const entry: { answer: Promise<unknown>; at: number; value?: { data: unknown } } = { answer, at: now() };
    // Kept for the page; a failure is handled when the page takes it (it asks again).
    answer.then(
      (data) => {
        entry.value = { data };
      },
      () => undefined,
    );
    started.set(key, entry);
  }
  requests.pageStrings?.().catch(() => undefined);
  return keys;
}

/**
 * A query function's answer: the early request's, once, if it is fresh; otherwise (or when the
 * early one failed) `fresh()`. A failure is not passed on, so that an expired session is seen by
 * a request made after the app listens for it (lib/sessionEvents), as any other request's.
 */
export function takeEarly<T>(key: EarlyKey, fresh: () => Promise<T>, now: () => number = Date.now): Promise<T> {
  const early = started.get(key);
  started.delete(key);
  if (!early || now() - early.at > FRESH_MS) return fresh();
  return (early.answer as Promise<T>).catch(() => fresh());
}

/**
 * The early answers that have already arrived (and are fresh), each given once, with the time it
 * was asked: lib/queryClient.ts puts them in react-query's cache as it loads, so the home page's
 * first render has its data and skips the loading state (one render less on the main thread).
 */
export function settledEarly(now: () => number = Date.now): { key: EarlyKey; data: unknown; at: number }[] {
  const settled: { key: EarlyKey; data: unknown; at: number }[] = [];
  for (const [key, entry] of started) {
    if (!entry.value || now() - entry.at > FRESH_MS) continue;
    started.delete(key);
    settled.push({ key, data: entry.value.data, at: entry.at });
  }
  return settled;
}
