import { errorCatalogue } from '@prism/domain';
import { formErrors } from '../../../lib/errors';

/** The server refused a form read before someone else changed the row (STALE_FORM). */
export function isStale(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === errorCatalogue.STALE_FORM.code;
}

/** A save's outcome as a form shows it: nothing yet, saved, stale, or an error (with its fields). */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'stale' }
  | { kind: 'error'; message: string; fields: Record<string, string> };

export function saveStateOf(error: unknown): SaveState {
  if (isStale(error)) return { kind: 'stale' };
  return { kind: 'error', ...formErrors(error) };
}
