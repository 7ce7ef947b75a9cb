/** The look of a status: good (paid, credited), bad (failed, rejected), waiting (pending, in review). */
export type StatusTone = 'good' | 'bad' | 'wait';

export function StatusBadge({ tone, children, testId }: { tone: StatusTone; children: string; testId?: string }) {
  return (
    <span className={`status status-${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
