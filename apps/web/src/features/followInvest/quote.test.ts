import type { AdvisorProduct } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { basisPointsOf } from '../../lib/holding';
import { quoteOf } from './quote';

const product: AdvisorProduct = {
  id: 1,
  advisorName: 'Ann',
  avatarUrl: '',
  coin: 'CASH',
  price: '100.00',
  days: 7,
  dailyRate: '0.80%',
  dailyEarnings: '0.80',
  totalReturn: '5.60',
  totalReturnRate: '5.60%',
  giftRate: '1.00%',
  managementFeeRate: '10.00%',
  netReturn: '-3.40',
  netReturnRate: '-3.40%',
  availableUntil: null,
};

describe('the order confirmation quote', () => {
  it('reads wire rates as basis points', () => {
    expect(basisPointsOf('0.80%')).toBe(80);
    expect(basisPointsOf('24.00%')).toBe(2400);
    expect(basisPointsOf('junk')).toBe(0);
  });

  it('shows what the server will pay: daily earning, total, gift, 10% fee and the maturity amount', () => {
    expect(quoteOf(product, '250')).toEqual({
      amount: 250_00n,
      quote: {
        dailyEarning: 2_00n,
        totalReturn: 14_00n,
        totalReturnRateBp: 560,
        giftAmount: 2_50n,
        managementFee: 25_00n,
        maturityAmount: 225_00n,
      },
      // 14.00 earned + 2.50 gift - 25.00 fee: the order loses 3.40 % net.
      net: { amount: -8_50n, rateBp: -340 },
    });
  });

  it('refuses what the server would refuse: empty, zero, too many decimals, below the price', () => {
    expect(quoteOf(product, '')).toEqual({ error: 'AMOUNT_REQUIRED' });
    expect(quoteOf(product, '0')).toEqual({ error: 'AMOUNT_POSITIVE' });
    expect(quoteOf(product, '100.001')).toEqual({ error: 'AMOUNT_FORMAT' });
    expect(quoteOf(product, '99.99')).toEqual({ error: 'INVEST_BELOW_MIN' });
  });
});
