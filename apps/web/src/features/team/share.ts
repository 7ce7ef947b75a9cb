import { openTelegramLinkInApp, shareUrlInApp } from '../../lib/telegram';

/**
 * Telegram's share page for a link: the chat picker with the link and a text. It is what the
 * SDK's shareURL opens inside Telegram (spaces as %20, not +), so both paths send the same link.
 */
export function telegramShareUrl(url: string, text: string): string {
  return `https://t.me/share/url?${new URLSearchParams({ url, text }).toString().replace(/\+/g, '%20')}`;
}

/** What a browser offers: its share sheet (navigator.share) where it has one, and a new tab. */
export interface BrowserShare {
  share: ((data: { url: string; text: string }) => Promise<void>) | undefined;
  open: (url: string) => void;
}

const browserShare = (): BrowserShare => ({
  share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
  open: (url) => {
    // Inside Telegram without shareURL (an old client) the t.me page opens in Telegram itself.
    if (!openTelegramLinkInApp(url)) window.open(url, '_blank', 'noopener,noreferrer');
  },
});

/**
 * Shares the invite: Telegram's share sheet inside Telegram; in a browser the system share sheet
 * where there is one, else (or when it fails for another reason than the user closing it) the
 * t.me share page in a new tab, which opens Telegram.
 */
export async function shareInvite(url: string, text: string, browser: BrowserShare = browserShare()): Promise<void> {
  if (shareUrlInApp(url, text)) return;
  if (browser.share) {
    try {
      await browser.share({ url, text });
      return;
    } catch (error) {
      // The user closed the sheet: nothing to do.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  browser.open(telegramShareUrl(url, text));
}
