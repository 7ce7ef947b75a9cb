import { factsOf } from '../present';

/** An object's plain fields as a definition list. */
export function Facts({ title, record }: { title: string; record: Record<string, unknown> | null | undefined }) {
  const facts = factsOf(record);
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {facts.length === 0 ? (
        <p className="admin-muted">None</p>
      ) : (
        <dl className="admin-facts">
          {facts.map(([label, text]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
