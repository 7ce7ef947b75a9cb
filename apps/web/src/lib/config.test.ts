import { afterEach, describe, expect, it, vi } from 'vitest';
import { embeddedConfig, loadSysCfgValue, parseCountryCodes, seedSysCfgValues } from './config';

const page = (text: string | null) => ({
  getElementById: (id: string) => (id === 'prism-config' && text !== null ? { textContent: text } : null),
});

describe('parseCountryCodes', () => {
  it('splits the comma-separated configuration', () => {
    expect(parseCountryCodes('91,1, 44,+84')).toEqual(['91', '1', '44', '84']);
  });
  it('drops blanks and junk', () => {
    expect(parseCountryCodes(' , x,12345,')).toEqual([]);
    expect(parseCountryCodes(undefined)).toEqual([]);
  });
});

describe('loadSysCfgValue', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks once while a value is fresh or a request is under way, again when stale or after a failure', async () => {
    const asked: string[] = [];
    let answer = new Response('', { status: 500 });
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return answer;
    });
    let now = 0;
    const clock = () => now;
    await loadSysCfgValue('DEMO_MODE', clock);
    expect(asked).toHaveLength(1);
    answer = new Response(JSON.stringify({ code: 200, msg: 'success', data: 'true' }));
    // The failure is not cached: the next caller asks again, and two callers at once share one request.
    await Promise.all([loadSysCfgValue('DEMO_MODE', clock), loadSysCfgValue('DEMO_MODE', clock)]);
    expect(asked).toHaveLength(2);
    await loadSysCfgValue('DEMO_MODE', clock);
    expect(asked).toHaveLength(2);
    now = 10 * 60_000;
    answer = new Response(JSON.stringify({ code: 200, msg: 'success', data: 'false' }));
    await loadSysCfgValue('DEMO_MODE', clock);
    expect(asked).toHaveLength(3);
    expect(asked[0]).toContain('DEMO_MODE');
  });
});

describe('the settings embedded in index.html', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads string values, and nothing from a missing or broken script', () => {
    expect(embeddedConfig(page('{"DEMO_MODE":"true","COUNTRY_CODE":"91,\\u003c1","X":3}'))).toEqual({
      DEMO_MODE: 'true',
      COUNTRY_CODE: '91,<1',
    });
    expect(embeddedConfig(page(null))).toEqual({});
    expect(embeddedConfig(page('{oops'))).toEqual({});
    expect(embeddedConfig(page('null'))).toEqual({});
    expect(embeddedConfig(undefined)).toEqual({});
  });

  it('are taken as loaded: no request for them until they are stale', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify({ code: 200, msg: 'success', data: '1' }));
    });
    let now = 1_000_000;
    seedSysCfgValues(page('{"COUNTRY_CODE":"44"}'), () => now);
    await loadSysCfgValue('COUNTRY_CODE', () => now);
    expect(asked).toEqual([]);
    now += 10 * 60_000;
    await loadSysCfgValue('COUNTRY_CODE', () => now);
    expect(asked).toHaveLength(1);
  });
});
