import type { IssuedToken } from '@prism/domain';
import { readStored, writeStored } from './storage';
import { createStore, useStore } from './store';

/**
 * The login token, persisted in localStorage. It lives in lib (not in the
 * auth feature) because the single API client reads it for every request.
 */
const KEY = 'prism.token';

interface StoredToken {
  token: string;
  expiresAt?: string;
}

function parse(raw: string | null): StoredToken | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredToken>;
    return typeof value.token === 'string' && value.token
      ? { token: value.token, ...(value.expiresAt ? { expiresAt: value.expiresAt } : {}) }
      : null;
  } catch {
    return null;
  }
}

/** A token whose expiry has passed is as good as none: the entry page then sends the user to log in. */
export function isExpired(stored: StoredToken, now: number): boolean {
  if (!stored.expiresAt) return false;
  const expiry = Date.parse(stored.expiresAt);
  return Number.isFinite(expiry) && expiry <= now;
}

const tokenStore = createStore<StoredToken | null>(parse(readStored(KEY)));

export function getToken(): string | null {
  const stored = tokenStore.get();
  if (!stored) return null;
  if (isExpired(stored, Date.now())) {
    clearToken();
    return null;
  }
  return stored.token;
}

export function setToken(issued: IssuedToken): void {
  const stored: StoredToken = { token: issued.token, expiresAt: issued.expiresAt };
  writeStored(KEY, JSON.stringify(stored));
  tokenStore.set(stored);
}

export function clearToken(): void {
  writeStored(KEY, null);
  tokenStore.set(null);
}

/** True while a token is stored; re-renders on login and logout. */
export function useHasToken(): boolean {
  return useStore(tokenStore) !== null;
}
