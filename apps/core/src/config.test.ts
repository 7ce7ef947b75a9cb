import { describe, expect, it } from 'vitest';
import { ConfigError, defaultPoolSize, fairnessModeLine, loadConfig, moneyModeLine } from './config';
import { EARNING_BUSY_PAUSE, EARNING_CHUNK_SIZE } from './modules/earning';
import { scaledClock } from './platform/clock';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.CLOCK_RATE).toBe(1);
    expect(config.CLOCK_START).toBeUndefined();
    // One default chunk size whoever runs the job: the server (this setting) or a caller without one (the job's constant).
    expect(config.EARNING_CHUNK_SIZE).toBe(EARNING_CHUNK_SIZE);
    // As copied from .env.example: empty means unset.
    expect(loadConfig({ CLOCK_START: '', CLOCK_STARTED_AT: '', CLOCK_RATE: '1' }).CLOCK_START).toBeUndefined();
  });

  it('sizes the database pool to the cores unless told: two a core and one, from 4 to 10', () => {
    expect([1, 2, 3, 4, 5, 64].map((cores) => defaultPoolSize(cores))).toEqual([4, 5, 7, 9, 10, 10]);
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(defaultPoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).DATABASE_POOL_SIZE).toBe(defaultPoolSize());
    expect(loadConfig({ DATABASE_POOL_SIZE: '16' }).DATABASE_POOL_SIZE).toBe(16);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it('logs answers slower than 2 s unless told: 0 never, empty the default', () => {
    expect(loadConfig({}).SLOW_REQUEST_MS).toBe(2000);
    expect(loadConfig({ SLOW_REQUEST_MS: '' }).SLOW_REQUEST_MS).toBe(2000);
    expect(loadConfig({ SLOW_REQUEST_MS: '0' }).SLOW_REQUEST_MS).toBe(0);
    expect(() => loadConfig({ SLOW_REQUEST_MS: '-1' })).toThrow(/SLOW_REQUEST_MS/);
  });

  it("pauses the earning job between chunks while players play, by the chunk's time unless told: 0 never, empty the default", () => {
    expect(loadConfig({}).EARNING_BUSY_PAUSE).toBe(EARNING_BUSY_PAUSE);
    expect(EARNING_BUSY_PAUSE).toBe(2);
    expect(loadConfig({ EARNING_BUSY_PAUSE: '' }).EARNING_BUSY_PAUSE).toBe(2);
    expect(loadConfig({ EARNING_BUSY_PAUSE: '0' }).EARNING_BUSY_PAUSE).toBe(0);
    expect(loadConfig({ EARNING_BUSY_PAUSE: '0.5' }).EARNING_BUSY_PAUSE).toBe(0.5);
    expect(() => loadConfig({ EARNING_BUSY_PAUSE: '-1' })).toThrow(/EARNING_BUSY_PAUSE/);
  });

  it('names the setting that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ CLOCK_START: 'monday' })).toThrow(/CLOCK_START/);
    expect(() => loadConfig({ CLOCK_STARTED_AT: 'soon' })).toThrow(/CLOCK_STARTED_AT/);
    expect(loadConfig({ CLOCK_STARTED_AT: '1700000000000' }).CLOCK_STARTED_AT).toBe(1_700_000_000_000);
  });

  it('refuses a simulated clock in production', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(() => loadConfig({ ...production, CLOCK_RATE: '10' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, CLOCK_START: '2026-11-23T09:00:00Z' })).toThrow(/refused in production/);
    expect(loadConfig({ ...production }).NODE_ENV).toBe('production');
  });
});

describe('money mode', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };

  it('is play money by default outside production (npm start, dev, tests)', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
      expect(loadConfig(env)).toMatchObject({ moneyMode: 'play', PLAY_MONEY: true, SANDBOX_DEPOSITS: true });
    }
    expect(loadConfig({ SANDBOX_DEPOSITS: 'false' })).toMatchObject({ moneyMode: 'play', SANDBOX_DEPOSITS: false });
  });

  it('hands out no play money in production with the minimum settings', () => {
    expect(loadConfig(production)).toMatchObject({ moneyMode: 'real', PLAY_MONEY: false, SANDBOX_DEPOSITS: false });
    // As copied from .env.example: empty means unset.
    expect(loadConfig({ ...production, PLAY_MONEY: '', SANDBOX_DEPOSITS: '' }).moneyMode).toBe('real');
  });

  it('refuses to start production with sandbox deposits unless PLAY_MONEY=true says so', () => {
    expect(() => loadConfig({ ...production, SANDBOX_DEPOSITS: 'true' })).toThrow(/PLAY_MONEY=true/);
    expect(() => loadConfig({ PLAY_MONEY: 'false', SANDBOX_DEPOSITS: 'true' })).toThrow(ConfigError);
    expect(loadConfig({ ...production, PLAY_MONEY: 'true' })).toMatchObject({ moneyMode: 'play', SANDBOX_DEPOSITS: true });
    expect(loadConfig({ PLAY_MONEY: 'false' })).toMatchObject({ moneyMode: 'real', SANDBOX_DEPOSITS: false });
  });

  it('says the mode in the start-up line', () => {
    expect(moneyModeLine(loadConfig({}))).toMatch(/PLAY/);
    expect(moneyModeLine(loadConfig(production))).toMatch(/REAL/);
  });
});

describe('fairness mode (the game beacon)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };

  it('is the public drand beacon by default in production, where the operator cannot know results early', () => {
    expect(loadConfig(production).GAME_BEACON).toBe('drand');
    // As copied from .env.example: empty means unset.
    expect(loadConfig({ ...production, GAME_BEACON: '' }).GAME_BEACON).toBe('drand');
    expect(fairnessModeLine(loadConfig(production))).toMatch(/drand/);
  });

  it('is local by default where there may be no internet (development, tests), and a deployment may choose', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) expect(loadConfig(env).GAME_BEACON).toBe('local');
    expect(loadConfig({ ...production, GAME_BEACON: 'local' }).GAME_BEACON).toBe('local');
    expect(loadConfig({ GAME_BEACON: 'drand' }).GAME_BEACON).toBe('drand');
    expect(fairnessModeLine(loadConfig({}))).toMatch(/LOCAL/);
    expect(() => loadConfig({ GAME_BEACON: 'dice' })).toThrow(/GAME_BEACON/);
  });
});

describe('the simulated clock', () => {
  it('reads its start at the anchor moment and runs rate times faster; processes sharing the values agree', () => {
    const anchor = Date.now() - 2_000;
    const a = scaledClock(new Date('2026-11-23T09:00:00Z'), anchor, 10);
    const b = scaledClock(new Date('2026-11-23T09:00:00Z'), anchor, 10);
    const elapsed = a.now().getTime() - Date.parse('2026-11-23T09:00:00Z');
    expect(elapsed).toBeGreaterThanOrEqual(20_000);
    expect(elapsed).toBeLessThan(25_000);
    expect(Math.abs(a.now().getTime() - b.now().getTime())).toBeLessThan(50);
  });
});
