import { isApiError } from '@prism/client';
import type { IssuedToken } from '@prism/domain';
import { currentLaunchQuery, parseLaunchQuery } from './launchParams';
import { createStore, type Store, useStore } from './store';
import { telegram } from './telegram';
import { useHasToken } from './token';

/**
 * The one Telegram sign-in of the app (docs/telegram.md, rows 15-16). A linked Telegram user is
 * signed in with the launch data (POST /app/auth/telegramLogin) wherever the app is entered: the
 * entry page, a deep link to any page that needs a session (the login guard waits for it instead
 * of showing the phone form), the home page's early requests, and a token the server no longer
 * accepts (the API client renews it and sends the call again). Only when Telegram cannot sign the
 * user in (not linked, no launch data) does the app ask for the phone.
 */

/** Where a page that needs a session stands: it may show itself, it waits for Telegram's sign-in, or it asks to log in. */
export type SessionStep = 'ready' | 'telegram' | 'login';

/** The Telegram sign-in's state: not tried (or done), under way, refused (not linked, invalid launch data, disabled). */
export type TelegramStatus = 'idle' | 'signingIn' | 'refused';

/** The decision, pure: a token wins; else launch data that Telegram has not refused yet signs in; else log in. */
export function sessionStep({
  hasToken,
  initData,
  status,
}: {
  hasToken: boolean;
  initData: string | undefined;
  status: TelegramStatus;
}): SessionStep {
  if (hasToken) return 'ready';
  if (!initData || status === 'refused') return 'login';
  return 'telegram';
}

/**
 * Whether Telegram's sign-in is worth trying: with launch data, and not again for the same
 * credential it was refused with (a dead token Telegram could not renew ends as before; a token
 * from a later phone login, or none after that, may be renewed again).
 */
export function mayTryTelegram({
  initData,
  held,
  refusedWith,
}: {
  initData: string | undefined;
  held: string | null;
  /** The token held when Telegram last refused (null: none was held); undefined when it never refused. */
  refusedWith: string | null | undefined;
}): boolean {
  return Boolean(initData) && refusedWith !== held;
}

export interface TelegramSessionDeps {
  initData: () => string | undefined;
  getToken: () => string | null;
  /** POST /app/auth/telegramLogin with this launch data (sent even while a dead token is stored). */
  login: (initData: string) => Promise<IssuedToken>;
  storeToken: (issued: IssuedToken) => void;
}

export interface TelegramSession {
  status: Store<TelegramStatus>;
  /** The current step of a page that needs a session. */
  step(): SessionStep;
  /** A session for a page that needs one: true at once with a token, else Telegram's sign-in (one at a time). */
  ensure(): Promise<boolean>;
  /** Renews a session the server ended (the API client's refreshSession): true when a new token is stored. */
  renew(): Promise<boolean>;
  /** The session ended here (Log out, or an expiry that could not be renewed): Telegram does not sign the user in again until a new token. */
  end(): void;
}

export function createTelegramSession(deps: TelegramSessionDeps): TelegramSession {
  const status = createStore<TelegramStatus>('idle');
  let flight: Promise<boolean> | undefined;
  let refusedWith: string | null | undefined;

  const signIn = (): Promise<boolean> => {
    // Every caller at the same time (the early requests, the guard, failing calls) shares one sign-in.
    if (flight) return flight;
    const initData = deps.initData();
    const held = deps.getToken();
    if (!initData || !mayTryTelegram({ initData, held, refusedWith })) return Promise.resolve(false);
    status.set('signingIn');
    flight = deps
      .login(initData)
      .then(
        (issued) => {
          deps.storeToken(issued);
          refusedWith = undefined;
          status.set('idle');
          return true;
        },
        (error: unknown) => {
          // Not linked (11010) or invalid launch data (11009) simply means "log in"; anything else is worth a note.
          if (!isApiError(error)) console.warn('telegramLogin failed', error);
          refusedWith = held;
          status.set('refused');
          return false;
        },
      )
      .finally(() => {
        flight = undefined;
      });
    return flight;
  };

  return {
    status,
    step: () => sessionStep({ hasToken: deps.getToken() !== null, initData: deps.initData(), status: status.get() }),
    ensure: () => (deps.getToken() !== null ? Promise.resolve(true) : signIn()),
    renew: signIn,
    end: () => {
      refusedWith = null;
      status.set('refused');
    },
  };
}

let launchData: { initData: string | undefined } | undefined;

/**
 * The raw launch data, also before lib/telegram has started (the early requests leave first):
 * read leniently from the same places as lib/telegram (lib/launchParams' currentLaunchQuery).
 * Once lib/telegram knows the client, its answer counts (it keeps unsigned development data back).
 */
export function telegramInitData(): string | undefined {
  const env = telegram();
  if (env.version !== undefined) return env.initData;
  if (!launchData) {
    const query = currentLaunchQuery();
    launchData = { initData: query ? parseLaunchQuery(query)?.initData : undefined };
  }
  return launchData.initData;
}

/** A page's step, re-rendered when a token is stored or Telegram's sign-in ends. */
export function useSessionStep(session: TelegramSession): SessionStep {
  const hasToken = useHasToken();
  const status = useStore(session.status);
  return sessionStep({ hasToken, initData: telegramInitData(), status });
}
