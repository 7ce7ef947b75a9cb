import { describe, expect, it } from 'vitest';
import { absoluteLink } from './api';

describe('the setup link to hand over', () => {
  it('is a full address whether the server answers a path or a URL', () => {
    expect(absoluteLink('/admin/setup/abc', 'https://prism.example')).toBe('https://prism.example/admin/setup/abc');
    expect(absoluteLink('https://ops.example/admin/setup/abc', 'https://prism.example')).toBe('https://ops.example/admin/setup/abc');
  });
});
