import { WALLET_CONFIG_FIELDS } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { CONFIG_FIELDS } from './fields';

describe('the wallet configuration form', () => {
  it('has a field for every setting core lets an operator change, and no other', () => {
    expect(CONFIG_FIELDS.map((field) => field.name).sort()).toEqual([...WALLET_CONFIG_FIELDS].sort());
  });
});
