import { formErrors } from '../../../lib/errors';

/** A section's read: loading, or why it failed (a 403 says which permission is missing). */
export function QueryState({ isLoading, error }: { isLoading: boolean; error: unknown }) {
  if (isLoading) return <p aria-busy="true">Loading…</p>;
  if (!error) return null;
  const { message } = formErrors(error);
  const forbidden = (error as { code?: number }).code === 403;
  return (
    <p role="alert" className="admin-error">
      {forbidden ? `Your role may not see this: ${message}` : message}
    </p>
  );
}
