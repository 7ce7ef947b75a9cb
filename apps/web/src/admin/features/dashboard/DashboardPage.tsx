/** Placeholder: replaced by the feature's real page. */
export function DashboardPage() {
  return <h1>dashboard</h1>;
}
