/** One row of a player's data export: flat, so it is a JSON object and a CSV line alike. */
export type ExportRow = Record<string, string | number | boolean | null>;

/** How many rows an export reads at a time: a long history never sits in memory whole. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Reads a history a page at a time in id order (keyset: each page starts after the last id seen, so a
 * row written meanwhile neither repeats nor shifts a page) and yields its rows one by one.
 */
export async function* keysetPages<T extends { id: number }>(
  readPage: (afterId: number, limit: number) => Promise<T[]>,
  pageSize = EXPORT_PAGE_SIZE,
): AsyncGenerator<T> {
  let afterId = 0;
  for (;;) {
    const rows = await readPage(afterId, pageSize);
    yield* rows;
    const last = rows.at(-1);
    if (rows.length < pageSize || !last) return;
    afterId = last.id;
  }
}

/** An ISO time or null, for the export's rows. */
export const isoOrNull = (value: Date | string | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** Each row of `rows` as `map` writes it, read lazily. */
export async function* mapRows<T>(rows: AsyncIterable<T>, map: (row: T) => ExportRow): AsyncGenerator<ExportRow> {
  for await (const row of rows) yield map(row);
}

/** A fixed list of rows (a profile, a short list) as the export's row source. */
export async function* listRows(read: () => Promise<ExportRow[]>): AsyncGenerator<ExportRow> {
  yield* await read();
}
