import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formErrors } from '../../../lib/errors';

export type ActionState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; message: string }
  | { kind: 'error'; message: string; fields: Record<string, string> };

/** What a refused action says: a 403 names the permission the role lacks. */
export function refusalOf(error: unknown, permission: string): ActionState {
  const { message, fields } = formErrors(error);
  const forbidden = (error as { code?: number }).code === 403;
  return { kind: 'error', message: forbidden ? `Your role cannot do this (needs ${permission}).` : message, fields };
}

/** Runs one action on the user at a time, then reads the user again. */
export function useAction(queryKey: readonly unknown[], permission: string) {
  const client = useQueryClient();
  const [state, setState] = useState<ActionState>({ kind: 'idle' });
  const run = async (action: () => Promise<unknown>, done: string) => {
    setState({ kind: 'busy' });
    try {
      await action();
      setState({ kind: 'done', message: done });
      await client.invalidateQueries({ queryKey });
    } catch (error) {
      setState(refusalOf(error, permission));
    }
  };
  return { state, run, busy: state.kind === 'busy', fields: state.kind === 'error' ? state.fields : {} };
}
