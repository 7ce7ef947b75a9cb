/** Placeholder: replaced by the feature's real page. */
export function UsersPage() {
  return <h1>users</h1>;
}
