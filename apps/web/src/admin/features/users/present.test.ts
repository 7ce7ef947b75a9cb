import { describe, expect, it } from 'vitest';
import { columnsOf, factsOf, labelOf, nextCursor, rowsOf, textOf } from './present';

describe('user detail presentation', () => {
  it('labels and formats fields', () => {
    expect(labelOf('telegramUsername')).toBe('Telegram username');
    expect(labelOf('tier1')).toBe('Tier1');
    expect(textOf(null)).toBe('—');
    expect(textOf(false)).toBe('No');
    expect(textOf(12)).toBe('12');
    expect(factsOf({ id: 7, nickName: 'Ann', balances: [{ coin: 'CASH' }] })).toEqual([
      ['Id', '7'],
      ['Nick name', 'Ann'],
    ]);
  });

  it('reads list answers of either shape and finds the next page', () => {
    const rows = [{ id: 30 }, { id: 20 }];
    expect(rowsOf(rows)).toEqual(rows);
    expect(rowsOf({ list: rows, next: 20 })).toEqual(rows);
    expect(rowsOf({ content: rows })).toEqual(rows);
    expect(rowsOf(undefined)).toEqual([]);
    expect(nextCursor({ list: rows, next: 20 }, 50)).toBe(20);
    expect(nextCursor({ list: rows, next: null }, 2)).toBeUndefined();
    expect(nextCursor(rows, 2)).toBe(20);
    expect(nextCursor(rows, 50)).toBeUndefined();
  });

  it('shows the plain fields of a list as columns', () => {
    expect(
      columnsOf([
        { id: 1, coin: 'CASH', meta: {} },
        { id: 2, amount: '5' },
      ]),
    ).toEqual(['id', 'coin', 'amount']);
  });
});
