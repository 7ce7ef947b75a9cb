import { describe, expect, it } from 'vitest';
import { groupSettings, type Setting, settingLabel } from './groups';

const setting = (key: string): Setting => ({ key, value: '1', description: '', isPublic: false, updatedAt: '2026-11-27T10:00:00.000Z' });

describe('settings groups', () => {
  it('names keys readably', () => {
    expect(settingLabel('SIGN_IN_DOUBLE_EVERY')).toBe('Double every');
    expect(settingLabel('TEAM_REGISTER_REBATE')).toBe('Register rebate');
    expect(settingLabel('CUSTOMER_SERVICE_URL')).toBe('Customer service link');
    expect(settingLabel('DEMO_MODE')).toBe('Demo mode');
  });

  it('groups by kind, in a fixed order, with the unknown ones last', () => {
    const groups = groupSettings(['DEMO_MODE', 'TEAM_BET_REBATE_BPS', 'SIGN_IN_STEP', 'SIGN_IN_BASE', 'COUNTRY_CODE'].map(setting));
    expect(groups.map((g) => [g.title, g.settings.map((s) => s.key)])).toEqual([
      ['Sign-in rewards', ['SIGN_IN_BASE', 'SIGN_IN_STEP']],
      ['Team rebates', ['TEAM_BET_REBATE_BPS']],
      ['Country, customer service and app', ['COUNTRY_CODE']],
      ['Other settings', ['DEMO_MODE']],
    ]);
  });
});
