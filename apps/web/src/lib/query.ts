/** Query strings are handed to pages as props (specification point 2). */
export type Query = Record<string, string>;

export interface PageProps {
  query: Query;
}

/** "?a=1&b=x%20y" -> { a: '1', b: 'x y' }; the first value of a repeated key wins. */
export function parseQuery(search: string): Query {
  const query: Query = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (!(key in query)) query[key] = value;
  }
  return query;
}
