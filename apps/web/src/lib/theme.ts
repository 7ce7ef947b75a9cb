import type { Tones } from './contrast';
import { readStored, writeStored } from './storage';
import { createStore, useStore } from './store';
import {
  onTelegramPaletteChange,
  type Palette,
  paintTelegramChrome,
  telegram,
  telegramIsDark,
  telegramPalette,
  telegramTones,
} from './telegram';

/**
 * Light (pink accent, green up, red down on white and grey) or dark (blue
 * accent on black, the default). The colours are CSS variables in
 * styles/theme.css keyed by <html data-theme>. Inside Telegram the app
 * follows Telegram's colour scheme until the user picks one here.
 */
export type Theme = 'light' | 'dark';
const KEY = 'prism.theme';

/** The bar colour of each theme, also given to Telegram's header and bottom bar. */
export const BAR_COLOR: Record<Theme, `#${string}`> = { dark: '#000000', light: '#f0457f' };

export function resolveTheme(stored: string | null, telegramDark: boolean | undefined): Theme {
  if (stored === 'light' || stored === 'dark') return stored;
  if (telegramDark !== undefined) return telegramDark ? 'dark' : 'light';
  return 'dark';
}

const themeStore = createStore<Theme>('dark');

const TONES = [
  '--text-2',
  '--accent',
  '--accent-fill',
  '--accent-text',
  '--danger',
  '--danger-fill',
  '--up',
  '--down',
] as const satisfies readonly (keyof Tones)[];

/**
 * Telegram's palette as it is would put hint-coloured text and links under 4.5:1 (Telegram's own
 * defaults do): the text tones derived from it (lib/contrast.ts) override styles/theme.css's
 * mapping, inline on <html>; the raw --tg-theme-* colours stay for borders and icons.
 */
function paintTones(palette: Palette | undefined): void {
  const style = document.documentElement.style;
  const tones = palette ? telegramTones(palette) : undefined;
  for (const name of TONES) {
    if (tones) style.setProperty(name, tones[name]);
    else style.removeProperty(name);
  }
}

function apply(theme: Theme, followsTelegram: boolean, palette = followsTelegram ? telegramPalette() : undefined): void {
  themeStore.set(theme);
  const root = document.documentElement;
  root.dataset.theme = theme;
  // Telegram's own palette (bound as --tg-theme-* variables) is used only while we follow Telegram.
  if (followsTelegram) root.dataset.followTelegram = '';
  else delete root.dataset.followTelegram;
  paintTones(palette);
  // Inside Telegram its header replaces our title bar (styles/layout.css).
  if (telegram().active) root.dataset.telegram = '';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', BAR_COLOR[theme]);
  const color = BAR_COLOR[theme];
  paintTelegramChrome(followsTelegram ? 'telegram' : { header: color, background: color, bottomBar: color });
}

/** Call once after initTelegram(). */
export function initTheme(): void {
  const stored = readStored(KEY);
  const telegramDark = telegramIsDark();
  apply(resolveTheme(stored, telegramDark), !stored && telegramDark !== undefined);
  // Every palette Telegram sends re-derives the tones, also one that keeps the colour scheme.
  onTelegramPaletteChange((palette, dark) => {
    if (!readStored(KEY)) apply(dark ? 'dark' : 'light', true, palette);
  });
}

export function setTheme(theme: Theme): void {
  writeStored(KEY, theme);
  apply(theme, false);
}

export const useTheme = (): Theme => useStore(themeStore);
