/** A form's outcome under it: the error (announced) or the success feedback (a polite status). */
export function FormStatus({ error, success }: { error?: string | undefined; success?: string | undefined }) {
  if (error) {
    return (
      <p role="alert" className="admin-error">
        {error}
      </p>
    );
  }
  return (
    <p role="status" className="admin-ok">
      {success ?? ''}
    </p>
  );
}
