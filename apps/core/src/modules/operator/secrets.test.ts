import { describe, expect, it } from 'vitest';
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpKeyOf } from './secrets';

describe('TOTP secrets at rest', () => {
  it('are sealed: the stored text holds no trace of the secret, and opens only with the server secret it was sealed under', () => {
    const secret = newTotpSecret();
    const key = totpKeyOf('server secret one');
    const stored = sealTotpSecret(secret, key);
    expect(stored.startsWith('v1.')).toBe(true);
    expect(stored).not.toContain(secret);
    expect(sealTotpSecret(secret, key)).not.toBe(stored); // a fresh IV each time
    expect(openTotpSecret(stored, key)).toBe(secret);
    expect(() => openTotpSecret(stored, totpKeyOf('another server'))).toThrow();
  });

  it('refuses an altered or unsealed value', () => {
    const key = totpKeyOf('k');
    const stored = sealTotpSecret(newTotpSecret(), key);
    const [v, iv, sealed, tag] = stored.split('.') as [string, string, string, string];
    const flipped = `${sealed[0] === 'A' ? 'B' : 'A'}${sealed.slice(1)}`;
    expect(() => openTotpSecret([v, iv, flipped, tag].join('.'), key)).toThrow();
    expect(() => openTotpSecret('JBSWY3DPEHPK3PXP', key)).toThrow('not sealed');
  });
});
