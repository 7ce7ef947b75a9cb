import { RowsTable } from './RowsTable';

const TIERS = ['tier1', 'tier2', 'tier3'] as const;

/** A tier as the API gives it: a bare count, or { count, rows | list | first }. */
function tierOf(value: unknown): { count: number | undefined; rows: unknown } {
  if (typeof value === 'number') return { count: value, rows: undefined };
  const tier = (value ?? {}) as Record<string, unknown>;
  const rows = tier.rows ?? tier.list ?? tier.first ?? (Array.isArray(value) ? value : undefined);
  return { count: typeof tier.count === 'number' ? tier.count : Array.isArray(rows) ? rows.length : undefined, rows };
}

/** The user's team, three tiers deep: how many in each, and the first of them. */
export function TeamView({ team }: { team: Record<string, unknown> | undefined }) {
  return (
    <section aria-label="Team">
      <h3>Team</h3>
      {TIERS.map((key, index) => {
        const tier = tierOf(team?.[key]);
        return (
          <div key={key}>
            <h4>
              Tier {index + 1}: {tier.count ?? '—'}
            </h4>
            {tier.rows !== undefined ? <RowsTable caption={`Tier ${index + 1}`} answer={tier.rows} empty="Nobody" /> : null}
          </div>
        );
      })}
    </section>
  );
}
