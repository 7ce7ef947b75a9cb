import { describe, expect, it } from 'vitest';
import { enUSApp } from '../../i18n/locales/app/en-US';
import { RECORD_TYPES, recordTypeOf } from './recordType';

describe('asset record types', () => {
  it('translates every known type and falls back to other', () => {
    expect(recordTypeOf('recharge')).toBe('recharge');
    expect(recordTypeOf('something_new')).toBe('other');
    for (const type of [...RECORD_TYPES, 'other'] as const) expect(enUSApp.records.types[type]).toBeTruthy();
  });
});
