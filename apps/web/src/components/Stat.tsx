/**
 * A figure with its label. The value sits in a left-to-right isolate, so that in
 * Arabic and Persian "-510.80" keeps its minus on the left of the digits instead
 * of reading "510.80-"; `tone` colours a signed figure (up: gained, down: lost).
 */
export function Stat({
  label,
  value,
  testId,
  tone,
}: {
  label: string;
  value: string | number;
  testId?: string;
  tone?: 'up' | 'down' | undefined;
}) {
  return (
    <div className="stat" data-testid={testId}>
      <span className={tone ? `stat-value amount-${tone}` : 'stat-value'}>
        <bdi dir="ltr">{value}</bdi>
      </span>
      <span className="stat-label">{label}</span>
    </div>
  );
}
