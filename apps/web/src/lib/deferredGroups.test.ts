import { describe, expect, it } from 'vitest';
import { withDeferredGroups } from './deferredGroups';

const first = { auth: { login: async (phone: string) => `token for ${phone}` } };
const later = {
  wallet: { balance: async (coin: string, page: number) => `${coin} page ${page}` },
  game: { betting: async () => Promise.reject(new Error('refused')) },
};

/** The later groups as their module gives them, counting the loads. */
function loader() {
  const loads = { count: 0 };
  const load = async () => {
    loads.count += 1;
    return later;
  };
  return { loads, load };
}

describe('withDeferredGroups', () => {
  it("keeps the first groups as they are, and loads nothing until a later group's endpoint is called", async () => {
    const { loads, load } = loader();
    const api = withDeferredGroups(first, load);
    expect(api.auth).toBe(first.auth);
    expect(await api.auth.login('9000000001')).toBe('token for 9000000001');
    const balance = api.wallet.balance;
    expect(loads.count).toBe(0);
    expect(await balance('CASH', 2)).toBe('CASH page 2');
    expect(loads.count).toBe(1);
  });

  it("passes on a later endpoint's refusal, and refuses a name that is no endpoint", async () => {
    const api = withDeferredGroups(first, loader().load) as typeof first & typeof later & { nothing: { here: () => Promise<void> } };
    await expect(api.game.betting()).rejects.toThrow('refused');
    await expect(api.nothing.here()).rejects.toThrow(TypeError);
  });

  it('rejects a call whose load failed, and loads again for the next call', async () => {
    let fail = true;
    const api = withDeferredGroups(first, async () => {
      if (fail) throw new Error('chunk failed');
      return later;
    });
    await expect(api.wallet.balance('CASH', 1)).rejects.toThrow('chunk failed');
    fail = false;
    expect(await api.wallet.balance('CASH', 1)).toBe('CASH page 1');
  });

  it('is not taken for a promise: the client and its groups can be awaited or returned from async code as they are', async () => {
    const { loads, load } = loader();
    const api = withDeferredGroups(first, load);
    expect(await Promise.resolve(api)).toBe(api);
    const wallet = api.wallet;
    expect(await Promise.resolve(wallet)).toBe(wallet);
    expect(loads.count).toBe(0);
  });
});
