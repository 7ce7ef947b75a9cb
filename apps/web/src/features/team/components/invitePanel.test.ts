import { describe, expect, it } from 'vitest';
import { shareInvite, telegramShareUrl } from '../share';
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

describe('sharing the invite', () => {
  it('opens Telegram’s share page with the link and the text, spaces as %20 as the SDK sends them', () => {
    const page = telegramShareUrl('https://t.me/PrismBot/app?startapp=ABCD2345', 'Join me on Prism with my invitation code ABCD2345');
    expect(page).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Ft.me%2FPrismBot%2Fapp%3Fstartapp%3DABCD2345&text=Join%20me%20on%20Prism%20with%20my%20invitation%20code%20ABCD2345',
    );
    const parsed = new URL(page);
    expect(parsed.searchParams.get('url')).toBe('https://t.me/PrismBot/app?startapp=ABCD2345');
  });

  it('uses the browser’s share sheet when there is one, and nothing else when the user closes it', async () => {
    const shared: unknown[] = [];
    const opened: string[] = [];
    const open = (url: string) => void opened.push(url);
    await shareInvite('https://x/i', 'Join', { share: async (data) => void shared.push(data), open });
    expect(shared).toEqual([{ url: 'https://x/i', text: 'Join' }]);
    await shareInvite('https://x/i', 'Join', {
      share: () => Promise.reject(new DOMException('closed', 'AbortError')),
      open,
    });
    expect(opened).toEqual([]);
  });

  it('opens the t.me share page without a share sheet, or when the sheet fails', async () => {
    const opened: string[] = [];
    const open = (url: string) => void opened.push(url);
    await shareInvite('https://x/i', 'Join', { share: undefined, open });
    await shareInvite('https://x/i', 'Join', { share: () => Promise.reject(new TypeError('not allowed')), open });
    expect(opened).toEqual([telegramShareUrl('https://x/i', 'Join'), telegramShareUrl('https://x/i', 'Join')]);
  });
});
