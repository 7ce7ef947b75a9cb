import { routes } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { entryTarget } from './entry';

describe('entryTarget', () => {
  it('goes home once signed in, whatever invitation came along', () => {
    expect(entryTarget(true, undefined)).toBe(routes.home);
    expect(entryTarget(true, 'ABCD12')).toBe(routes.home);
  });

  it('opens the login page, with the invitation code when there is one', () => {
    expect(entryTarget(false, undefined)).toBe(routes.login);
    expect(entryTarget(false, 'ABCD12')).toBe(`${routes.login}?invitationCode=ABCD12`);
  });
});
