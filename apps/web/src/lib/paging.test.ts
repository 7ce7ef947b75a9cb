import { describe, expect, it } from 'vitest';
import { itemsOf, nextPageOf } from './paging';

const page = (pageNo: number, ids: number[], totalElements: number) => ({ pageNo, totalElements, content: ids.map((id) => ({ id })) });

describe('paging', () => {
  it('asks for the next page until every item is loaded', () => {
    const first = page(1, [5, 4], 3);
    expect(nextPageOf(first, [first])).toBe(2);
    const second = page(2, [3], 3);
    expect(nextPageOf(second, [first, second])).toBeUndefined();
  });
  it('stops on an empty page', () => {
    const empty = page(3, [], 10);
    expect(nextPageOf(empty, [empty])).toBeUndefined();
  });
  it('flattens pages without repeats', () => {
    expect(itemsOf([page(1, [5, 4], 4), page(2, [4, 3], 4)]).map((item) => item.id)).toEqual([5, 4, 3]);
    expect(itemsOf(undefined)).toEqual([]);
  });
});
