import { isApiError } from '@prism/client';
import { useMemo } from 'react';

/**
 * Idempotency keys for money-moving submits (docs/money.md, "Idempotency"): one new key per user
 * intent. A submit whose answer never arrived (network failure, time-out) may
 * be retried with the same input and then reuses its key, so the server moves
 * the money at most once. An answer (success or a business refusal) ends the
 * intent: the server records refusals too, so the next try needs a new key.
 */
export interface Intent {
  /** The key for a submit of `input` (any value; compared as JSON). */
  keyFor(input: unknown): string;
  /** Call with the outcome of the request that used the key. */
  settle(error?: unknown): void;
}

export function createIntent(newKey: () => string = () => crypto.randomUUID()): Intent {
  let open: { key: string; input: string } | undefined;
  return {
    keyFor(input) {
      const signature = JSON.stringify(input);
      if (!open || open.input !== signature) open = { key: newKey(), input: signature };
      return open.key;
    },
    settle(error) {
      const unanswered = error !== undefined && !(isApiError(error) && error.kind === 'business');
      if (!unanswered) open = undefined;
    },
  };
}

/** One intent tracker per form. */
export function useIntent(): Intent {
  return useMemo(() => createIntent(), []);
}
