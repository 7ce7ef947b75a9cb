import { describe, expect, it } from 'vitest';
import { qrPath } from './qr';

describe('qrPath', () => {
  it('draws a square code with dark modules for an address', () => {
    const { size, path } = qrPath('TD7WDs97qh3TsYbUmVd4JMHchHjKrkYqq4');
    expect(size).toBeGreaterThanOrEqual(21);
    expect((size - 17) % 4).toBe(0);
    // The finder pattern's corner is dark.
    expect(path.startsWith('M0 0h1v1h-1z')).toBe(true);
  });
});
