import { useCallback, useRef, useState } from 'react';

export interface ActionHandlers<O> {
  onSuccess?: (output: O) => void;
  onError?: (error: unknown) => void;
}

/**
 * A submit of a public page (log in, register, reset the password): the call
 * and whether it is pending, shaped like react-query's mutation. The login page
 * is the first page of most visitors, and this keeps react-query (12 KB gzip)
 * off it; everything behind the login uses react-query (docs/decisions.md).
 */
export function useAction<I, O>(run: (input: I) => Promise<O>) {
  const [isPending, setPending] = useState(false);
  const latest = useRef(run);
  latest.current = run;
  const mutate = useCallback((input: I, handlers: ActionHandlers<O> = {}) => {
    setPending(true);
    void settle(latest.current(input), handlers).finally(() => setPending(false));
  }, []);
  return { mutate, isPending };
}

/** Runs the handler of the outcome (only the call's failure goes to onError, as with react-query). */
async function settle<O>(call: Promise<O>, { onSuccess, onError }: ActionHandlers<O>): Promise<void> {
  let output: O;
  try {
    output = await call;
  } catch (error) {
    onError?.(error);
    return;
  }
  onSuccess?.(output);
}
