import { useIntent } from './intent';
import { haptics } from './native';

/** The part of a react-query mutation a keyed submit uses: variables `{ input, idempotencyKey }`. */
interface KeyedMutation<I, R> {
  mutate(
    variables: { input: I; idempotencyKey: string },
    handlers: { onSuccess: (result: R) => void; onError: (error: unknown) => void },
  ): void;
}

/**
 * A money-moving submit (lib/intent.ts): sends `input` with its intent's key;
 * the answer settles the intent, then a success buzzes and goes to `done`, a
 * failure buzzes and goes to `failed` (usually the form's `fail`).
 */
export function useKeyedSubmit<I, R>(
  mutation: KeyedMutation<I, R>,
  { done, failed }: { done: (result: R) => void; failed: (error: unknown) => void },
): (input: I) => void {
  const intent = useIntent();
  return (input) =>
    mutation.mutate(
      { input, idempotencyKey: intent.keyFor(input) },
      {
        onSuccess: (result) => {
          intent.settle();
          haptics.success();
          done(result);
        },
        onError: (error) => {
          intent.settle(error);
          haptics.error();
          failed(error);
        },
      },
    );
}
