import { beforeEach, describe, expect, it } from 'vitest';
import { type EarlyRequests, resetEarlyForTests, settledEarly, startEarly, takeEarly } from './early';

function counting(answers: { userInfo: () => Promise<unknown>; checkInStatus: () => Promise<unknown> }) {
  const calls: string[] = [];
  const requests: EarlyRequests = {
    pageStrings: async () => calls.push('pageStrings'),
    userInfo: () => {
      calls.push('userInfo');
      return answers.userInfo();
    },
    checkInStatus: () => {
      calls.push('checkInStatus');
      return answers.checkInStatus();
    },
  };
  return { calls, requests };
}

describe('early requests for the home page', () => {
  beforeEach(() => resetEarlyForTests());

  it('start only for a signed-in user on home or the entry page', () => {
    const { calls, requests } = counting({ userInfo: async () => 'u', checkInStatus: async () => 's' });
    expect(startEarly('/pages/login/login', true, requests)).toEqual([]);
    expect(startEarly('/pages/home/home', false, requests)).toEqual([]);
    expect(startEarly('/pages/team/team', true, requests)).toEqual([]);
    expect(calls).toEqual([]);
    expect(startEarly('/pages/home/home/', true, requests)).toEqual(['userInfo', 'checkInStatus']);
    // Once per page load: the early entry and main.tsx both call it.
    expect(startEarly('/pages/home/home', true, requests)).toEqual([]);
    resetEarlyForTests();
    expect(startEarly('/', true, requests)).toEqual(['userInfo', 'checkInStatus']);
    expect(calls).toEqual(['userInfo', 'checkInStatus', 'pageStrings', 'userInfo', 'checkInStatus', 'pageStrings']);
  });

  it("wait for Telegram's sign-in without a token, and start nothing when it does not apply or is refused", async () => {
    const { calls, requests } = counting({ userInfo: async () => 'u', checkInStatus: async () => 's' });
    expect(startEarly('/pages/home/home', false, { ...requests, telegramSignIn: () => undefined })).toEqual([]);
    let signIn: (ok: boolean) => void = () => undefined;
    const pending = new Promise<boolean>((resolve) => (signIn = resolve));
    expect(startEarly('/', false, { ...requests, telegramSignIn: () => pending })).toEqual(['userInfo', 'checkInStatus']);
    expect(calls).toEqual(['pageStrings']);
    signIn(true);
    expect(await takeEarly('userInfo', async () => 'fresh')).toBe('u');
    expect(calls).toEqual(['pageStrings', 'userInfo', 'checkInStatus']);

    resetEarlyForTests();
    calls.length = 0;
    startEarly('/', false, { ...requests, telegramSignIn: async () => false });
    expect(await takeEarly('userInfo', async () => 'fresh')).toBe('fresh');
    expect(calls).toEqual(['pageStrings']);
  });

  it('are taken once; a second query, a stale answer or a failure asks afresh', async () => {
    let now = 0;
    const clock = () => now;
    const { requests } = counting({ userInfo: async () => 'early user', checkInStatus: () => Promise.reject(new Error('net')) });
    startEarly('/pages/home/home', true, requests, clock);
    let fresh = 0;
    const ask = async () => {
      fresh++;
      return 'fresh';
    };
    expect(await takeEarly('userInfo', ask, clock)).toBe('early user');
    expect(fresh).toBe(0);
    expect(await takeEarly('userInfo', ask, clock)).toBe('fresh');
    expect(await takeEarly('checkInStatus', ask, clock)).toBe('fresh');
    expect(fresh).toBe(2);

    resetEarlyForTests();
    startEarly('/pages/home/home', true, requests, clock);
    now = 31_000;
    expect(await takeEarly('userInfo', ask, clock)).toBe('fresh');
    expect(fresh).toBe(3);
  });

  it('hand over the answers already in, once, and leave the others to their query', async () => {
    let now = 0;
    const clock = () => now;
    let answerStatus: (value: string) => void = () => undefined;
    const { requests } = counting({
      userInfo: async () => 'user',
      checkInStatus: () => new Promise((resolve) => (answerStatus = resolve)),
    });
    startEarly('/pages/home/home', true, requests, clock);
    await Promise.resolve();
    await Promise.resolve();
    expect(settledEarly(clock)).toEqual([{ key: 'userInfo', data: 'user', at: 0 }]);
    expect(settledEarly(clock)).toEqual([]);
    answerStatus('status');
    expect(await takeEarly('checkInStatus', async () => 'fresh', clock)).toBe('status');
    expect(settledEarly(clock)).toEqual([]);

    resetEarlyForTests();
    startEarly('/pages/home/home', true, requests, clock);
    await new Promise((resolve) => setTimeout(resolve, 0));
    now = 31_000;
    expect(settledEarly(clock)).toEqual([]);
  });
});
