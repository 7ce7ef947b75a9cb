import type { PowerCategory, PowerSession, UserInfo } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { findSession } from '../api/power';
import { balanceOf } from './BuyPackage';

const session = (id: number) => ({ id }) as PowerSession;

describe('the purchase page', () => {
  it('finds the package of ?id= across categories, or nothing', () => {
    const categories = [
      { cateId: 1, cateName: 'A', list: [session(1), session(2)] },
      { cateId: 2, cateName: 'B', list: [session(7)] },
    ] as PowerCategory[];
    expect(findSession(categories, 7)?.id).toBe(7);
    expect(findSession(categories, 3)).toBeUndefined();
    expect(findSession(undefined, 1)).toBeUndefined();
  });

  it('shows the balance of the coin the package is paid in', () => {
    const info = { cash: '1.00', chip: '2.00', usdtBalance: '3.00', gold: '4.00', point: '5.00' } as UserInfo;
    expect(balanceOf(info, 'CASH')).toBe('1.00');
    expect(balanceOf(info, 'USDT')).toBe('3.00');
    expect(balanceOf(undefined, 'CASH')).toBe('—');
  });
});
