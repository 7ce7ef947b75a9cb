import type { BetStatus, GameBetRecord, GameSessionResult } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { resultPopupOf } from './popup';

const latest: GameSessionResult = {
  id: 42,
  periodId: '20261123100789',
  level: 1,
  lotteryResult: 3,
  colours: ['Green'],
  size: 'Small',
  status: 'settled',
  seed: 'ab',
  commitment: 'cd',
  beaconName: 'local',
  beaconRound: 1,
  beaconValue: 'ef',
  beaconSignature: null,
  drawTime: '2026-11-23T13:10:00.000Z',
};

let nextId = 1;
function bet(sessionId: number, status: BetStatus, stake: string, income: string, coin = 'CHIP'): GameBetRecord {
  const id = nextId++;
  const profit = status === 'PENDING' ? '0.00' : (Number(income) - Number(stake)).toFixed(2);
  return {
    id,
    orderNo: `G${id}`,
    gameSessionId: sessionId,
    periodId: '20261123100789',
    level: 1,
    betName: 'Green',
    baseAmount: stake,
    betMultiples: 1,
    totalBetAmount: stake,
    fee: '0.00',
    coin,
    status,
    incomeAmount: income,
    profit,
    betTime: '2026-11-23T13:09:10.000Z',
    completeTime: status === 'PENDING' ? null : '2026-11-23T13:10:00.000Z',
  };
}

describe('the result popup', () => {
  it('shows the latest session when it has the user bets and was not acknowledged', () => {
    const popup = resultPopupOf(
      latest,
      [bet(42, 'WIN', '10.00', '19.60'), bet(42, 'LOSE', '5.00', '0.00'), bet(41, 'WIN', '1.00', '1.96')],
      null,
    );
    expect(popup?.session.id).toBe(42);
    expect(popup?.bets).toHaveLength(2);
    expect(popup?.nets).toEqual([{ coin: 'CHIP', staked: 1500n, paid: 1960n, net: 460n, outcome: 'won' }]);
  });

  it('says lost when one small bet won but the session lost money (not "You won!")', () => {
    const popup = resultPopupOf(
      latest,
      [bet(42, 'WIN', '10.00', '19.60'), bet(42, 'LOSE', '500.00', '0.00'), bet(42, 'LOSE', '0.80', '0.00')],
      null,
    );
    expect(popup?.nets).toEqual([{ coin: 'CHIP', staked: 51_080n, paid: 1960n, net: -49_120n, outcome: 'lost' }]);
  });

  it('is not shown again once that session id was acknowledged', () => {
    expect(resultPopupOf(latest, [bet(42, 'LOSE', '10.00', '0.00')], 42)).toBeUndefined();
    // A later session with bets differs from the acknowledged id, so it shows.
    expect(resultPopupOf({ ...latest, id: 43 }, [bet(43, 'LOSE', '10.00', '0.00')], 42)?.nets[0]?.outcome).toBe('lost');
  });

  it('is not shown when the latest session has none of the user bets', () => {
    expect(resultPopupOf(latest, [bet(41, 'WIN', '10.00', '19.60')], null)).toBeUndefined();
    expect(resultPopupOf(latest, [], null)).toBeUndefined();
    expect(resultPopupOf(undefined, [bet(42, 'WIN', '10.00', '19.60')], null)).toBeUndefined();
  });

  it('waits until the bets are settled and the session finished', () => {
    expect(resultPopupOf(latest, [bet(42, 'PENDING', '10.00', '0.00')], null)).toBeUndefined();
    expect(resultPopupOf({ ...latest, status: 'drawn' }, [bet(42, 'WIN', '10.00', '19.60')], null)).toBeUndefined();
  });

  it('says a void session refunded every stake (DRAW): even', () => {
    const popup = resultPopupOf(
      { ...latest, status: 'void', lotteryResult: null, colours: [], size: null },
      [bet(42, 'DRAW', '10.00', '10.00')],
      null,
    );
    expect(popup?.void).toBe(true);
    expect(popup?.nets[0]).toMatchObject({ staked: 1000n, paid: 1000n, net: 0n, outcome: 'even' });
  });

  it('totals each coin on its own', () => {
    const popup = resultPopupOf(latest, [bet(42, 'LOSE', '10.00', '0.00', 'CHIP'), bet(42, 'LOSE', '2.00', '0.00', 'POINT')], null);
    expect(popup?.nets).toEqual([
      { coin: 'CHIP', staked: 1000n, paid: 0n, net: -1000n, outcome: 'lost' },
      { coin: 'POINT', staked: 200n, paid: 0n, net: -200n, outcome: 'lost' },
    ]);
  });
});
