import { describe, expect, it } from 'vitest';
import { absoluteLink } from './InvitePanel';

describe('invite link', () => {
  it('keeps absolute links and completes relative ones with the address the app was opened at', () => {
    expect(absoluteLink('https://t.me/PrismBot/app?startapp=ABCD2345', 'https://prism.example')).toBe(
      'https://t.me/PrismBot/app?startapp=ABCD2345',
    );
    expect(absoluteLink('/pages/login/login?invitationCode=ABCD2345', 'https://prism.example')).toBe(
      'https://prism.example/pages/login/login?invitationCode=ABCD2345',
    );
  });
});
