import { useCallback, useState } from 'react';
import { type SaveState, saveStateOf } from './stale';

/** Runs one save at a time and keeps its outcome (saving, saved, stale, error with field messages). */
export function useSave() {
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const run = useCallback(async (save: () => Promise<unknown>) => {
    setState({ kind: 'saving' });
    try {
      await save();
      setState({ kind: 'saved' });
      return true;
    } catch (error) {
      setState(saveStateOf(error));
      return false;
    }
  }, []);
  const reset = useCallback(() => setState({ kind: 'idle' }), []);
  return { state, run, reset, fields: state.kind === 'error' ? state.fields : {} };
}
