/**
 * Debian's Chromium, headless, with nothing that reaches for the network on its
 * own (this machine's closed network refuses it; STACK.md). Used by Playwright
 * and by the web benchmark's Lighthouse runs.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
