/** Placeholder: replaced by the feature's real page. */
export function ConfigPage() {
  return <h1>config</h1>;
}
