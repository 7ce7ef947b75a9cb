import type { SaveState } from './stale';

/** What happened to the last save: success, a stale form (with a reload), or the server's message. */
export function SaveStatus({ state, onReload }: { state: SaveState; onReload?: (() => void) | undefined }) {
  if (state.kind === 'saved') {
    return (
      <p role="status" className="admin-ok">
        Saved.
      </p>
    );
  }
  if (state.kind === 'stale') {
    return (
      <p role="alert" className="admin-error">
        Someone else changed this — reload.{' '}
        {onReload ? (
          <button type="button" onClick={onReload}>
            Reload
          </button>
        ) : null}
      </p>
    );
  }
  if (state.kind === 'error') {
    return (
      <p role="alert" className="admin-error">
        {state.message}
      </p>
    );
  }
  return null;
}
