import type { Paged } from '@prism/domain';

/** The page after `last`, or undefined once every item is loaded (or a page came back empty). */
export function nextPageOf<T>(last: Paged<T>, all: readonly Paged<T>[]): number | undefined {
  const loaded = all.reduce((sum, page) => sum + page.content.length, 0);
  if (last.content.length === 0 || loaded >= last.totalElements) return undefined;
  return last.pageNo + 1;
}

/** The items of every loaded page, in order, without repeats (a new item can shift a later page by one). */
export function itemsOf<T extends { id: number }>(pages: readonly Paged<T>[] | undefined): T[] {
  const seen = new Set<number>();
  const items: T[] = [];
  for (const page of pages ?? []) {
    for (const item of page.content) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}
