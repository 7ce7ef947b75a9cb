/**
 * Readable text tones from whatever palette Telegram sends (WCAG 2.1, 1.4.3).
 * Telegram's own default palettes put hint-coloured text and button-coloured
 * links under 4.5:1 on their backgrounds, so inside Telegram the app does not
 * use those colours for text as they are: each tone is mixed towards the
 * palette's text colour, in small steps, until it reads at 4.5:1 on every
 * background it sits on. The raw colours stay for non-text (borders, icons).
 * Pure: lib/theme.ts sets the result as CSS variables.
 */

export type Hex = `#${string}`;
type Rgb = readonly [number, number, number];

/** WCAG AA for normal-size text. */
export const AA = 4.5;
/** How far one step moves a colour towards its target: fine enough to stay close to the palette's own tone. */
const STEP = 0.05;

/** "#abc" or "#aabbcc" (Telegram sends the long form) -> [r, g, b] in 0..255; undefined when it is not a colour. */
export function parseHex(value: string | undefined): Rgb | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!match?.[1]) return undefined;
  const digits = match[1].length === 3 ? [...match[1]].map((digit) => digit + digit).join('') : match[1];
  return [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16)) as unknown as Rgb;
}

export function toHex(rgb: Rgb): Hex {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance (0 black .. 1 white). */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio (1..21) of two colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `from` moved `amount` (0..1) of the way to `to`, in sRGB as CSS color-mix(in srgb) does. */
export function mix(from: Rgb, to: Rgb, amount: number): Rgb {
  return from.map((channel, index) => channel + ((to[index] ?? channel) - channel) * amount) as unknown as Rgb;
}

/** Whole channels, as the colour is written in CSS: the ratio is checked on what the page will show. */
const round = (rgb: Rgb): Rgb => rgb.map(Math.round) as unknown as Rgb;

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

const worst = (colour: Rgb, backgrounds: readonly Rgb[]) => Math.min(...backgrounds.map((background) => contrast(colour, background)));

/**
 * `colour` itself when it reads at `ratio` on every background; otherwise the first step towards
 * `towards` that does. When even `towards` is not enough (a palette whose text colour is itself
 * faint), it goes on towards black or white, whichever the backgrounds contrast with more.
 */
export function readable(colour: Rgb, backgrounds: readonly Rgb[], towards: Rgb, ratio = AA): Rgb {
  for (let amount = 0; amount <= 1 + 1e-9; amount += STEP) {
    const candidate = round(mix(colour, towards, amount));
    if (worst(candidate, backgrounds) >= ratio) return candidate;
  }
  const extreme = worst(BLACK, backgrounds) >= worst(WHITE, backgrounds) ? BLACK : WHITE;
  for (let amount = STEP; amount <= 1 + 1e-9; amount += STEP) {
    const candidate = round(mix(towards, extreme, amount));
    if (worst(candidate, backgrounds) >= ratio) return candidate;
  }
  return extreme;
}

type PaletteKey =
  | 'bg_color'
  | 'secondary_bg_color'
  | 'section_bg_color'
  | 'text_color'
  | 'hint_color'
  | 'link_color'
  | 'button_color'
  | 'button_text_color'
  | 'destructive_text_color';

/** Telegram's theme parameters this reads (snake_case keys, "#rrggbb" values), as the SDK keeps them. */
export type Palette = Partial<Record<PaletteKey, string>>;

/** The CSS variables the app's text uses, each readable on the palette's backgrounds. */
export interface Tones {
  /** Secondary text (labels, dates, captions): the hint colour made readable. */
  '--text-2': Hex;
  /** Links and accent text: the link colour (or the button colour) made readable, also on accent-tinted surfaces. */
  '--accent': Hex;
  /** Filled buttons: the button colour, deepened (or lightened) until the button's text reads on it. */
  '--accent-fill': Hex;
  '--accent-text': Hex;
  /** Destructive text (delete, errors). */
  '--danger': Hex;
  /** Filled destructive buttons and the unread badge, under white text. */
  '--danger-fill': Hex;
  /** Gains and losses as text (credited and debited amounts). */
  '--up': Hex;
  '--down': Hex;
}

/** What the palette leaves out, Telegram's own fallbacks. */
const FALLBACK = { bg: '#ffffff', text: '#000000', hint: '#999999', link: '#2481cc', button: '#2481cc', buttonText: '#ffffff' };
/** Green and red for gains and losses: Telegram sends none. */
const UP: Rgb = [34, 197, 94];
const DOWN: Rgb = [239, 68, 68];
const DESTRUCTIVE: Rgb = [229, 57, 53];

const colourOf = (palette: Palette, key: PaletteKey, fallback: string): Rgb => parseHex(palette[key]) ?? (parseHex(fallback) as Rgb);

/**
 * The readable tones of a palette. Text sits on the page (secondary_bg_color), on sections and
 * cards (section_bg_color) and on the bars (bg_color); accent text also on the accent tint
 * (the button colour at 16% over a section, --accent-soft in styles/theme.css).
 */
export function readableTones(palette: Palette): Tones {
  const bg = colourOf(palette, 'bg_color', FALLBACK.bg);
  const secondary = parseHex(palette.secondary_bg_color) ?? bg;
  const section = parseHex(palette.section_bg_color) ?? bg;
  const text = colourOf(palette, 'text_color', FALLBACK.text);
  const button = colourOf(palette, 'button_color', FALLBACK.button);
  const buttonText = colourOf(palette, 'button_text_color', FALLBACK.buttonText);
  const backgrounds = [bg, secondary, section];
  // Accent-tinted surfaces (selected chips, badges, the countdown) hold secondary and accent text too.
  const tinted = [...backgrounds, mix(section, button, 0.16), mix(secondary, button, 0.16), mix(bg, button, 0.16)];
  const link = parseHex(palette.link_color) ?? button;
  // A filled button moves away from its text colour: towards black under light text, towards white under dark.
  const away = luminance(buttonText) > 0.5 ? BLACK : WHITE;
  const destructive = parseHex(palette.destructive_text_color) ?? DESTRUCTIVE;
  return {
    '--text-2': toHex(readable(colourOf(palette, 'hint_color', FALLBACK.hint), tinted, text)),
    '--accent': toHex(readable(link, tinted, text)),
    '--accent-fill': toHex(readable(button, [buttonText], away)),
    '--accent-text': toHex(buttonText),
    '--danger': toHex(readable(destructive, [...tinted, mix(section, destructive, 0.12), mix(secondary, destructive, 0.12)], text)),
    '--danger-fill': toHex(readable(destructive, [WHITE], BLACK)),
    '--up': toHex(readable(UP, tinted, text)),
    '--down': toHex(readable(DOWN, tinted, text)),
  };
}
