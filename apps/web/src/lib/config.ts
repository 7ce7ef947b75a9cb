import { PAGE_CONFIG_ELEMENT_ID } from '@prism/domain';
import { useEffect, useSyncExternalStore } from 'react';
import { api } from './api';

/**
 * Public system configuration (COUNTRY_CODE, DEMO_MODE, ...): read-mostly, so
 * each key is fetched at most once per 10 minutes. A small store of its own,
 * not react-query: the login page reads it and carries no react-query
 * (docs/decisions.md). A failed fetch is tried again by the next page that reads the key.
 */
const STALE_MS = 10 * 60_000;
const values = new Map<string, { value: string; at: number }>();
const inFlight = new Map<string, Promise<void>>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The part of `document` that embeddedConfig reads (tests pass their own). */
export interface ConfigSource {
  getElementById(id: string): { textContent: string | null } | null;
}

/**
 * The settings core wrote into index.html (PAGE_CONFIG_KEYS): the login page paints its notes
 * without a request. Absent under Vite's dev server, or if unreadable: then each key is fetched.
 */
export function embeddedConfig(source: ConfigSource | undefined): Record<string, string> {
  const text = source?.getElementById(PAGE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** Takes the page's embedded settings as freshly loaded values; runs once when this module loads. */
export function seedSysCfgValues(source: ConfigSource | undefined, now: () => number = Date.now): void {
  for (const [key, value] of Object.entries(embeddedConfig(source))) values.set(key, { value, at: now() });
}

seedSysCfgValues(typeof document === 'undefined' ? undefined : document);

/** Fetches a key unless a fresh value is cached or a fetch is under way; safe to call early (main.tsx does). */
export function loadSysCfgValue(key: string, now: () => number = Date.now): Promise<void> {
  const cached = values.get(key);
  if (cached && now() - cached.at < STALE_MS) return Promise.resolve();
  let pending = inFlight.get(key);
  if (!pending) {
    pending = api.config
      .getSysCfgValue(key)
      .then((value) => {
        values.set(key, { value, at: now() });
        for (const listener of listeners) listener();
      })
      .catch(() => undefined)
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** The value of a key, undefined until it has loaded. */
export function useSysCfgValue(key: string): string | undefined {
  useEffect(() => void loadSysCfgValue(key), [key]);
  return useSyncExternalStore(subscribe, () => values.get(key)?.value);
}

/** Play-money mode (docs/decisions.md, "Play money by default"): the UI says "demo" where money comes in. */
export function useDemoMode(): boolean {
  return useSysCfgValue('DEMO_MODE') === 'true';
}

/**
 * Whether this server serves the developer outbox (/core/dev/outbox, the sandbox's SMS and bot
 * messages): the only place where the app may point a user to it or to other sandbox tools.
 */
export function useDevOutbox(): boolean {
  return useSysCfgValue('DEV_OUTBOX') === 'true';
}

/** "91, 1,44" -> ['91', '1', '44']: the calling codes offered at registration, the first being the default. */
export function parseCountryCodes(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((code) => code.trim().replace(/^\+/, ''))
    .filter((code) => /^\d{1,4}$/.test(code));
}
