import type { ActionState } from './useAction';

export function ActionStatus({ state }: { state: ActionState }) {
  if (state.kind === 'done') return <p role="status">{state.message}</p>;
  if (state.kind === 'error') {
    return (
      <p role="alert" className="admin-error">
        {state.message}
      </p>
    );
  }
  return null;
}
