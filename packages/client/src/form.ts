/** Values a form field may hold; arrays become repeated keys, undefined is left out. */
export type FormValue = string | number | boolean | bigint | undefined | null | readonly (string | number)[];
export type FormData = Record<string, FormValue>;

/** Encodes a body as application/x-www-form-urlencoded (docs/api.md, "Protocol": arrays repeat the key). */
export function toUrlEncoded(data: FormData): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  return params.toString();
}
