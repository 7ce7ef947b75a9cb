import { describe, expect, it } from 'vitest';
import { AA, contrast, luminance, mix, type Palette, parseHex, readable, readableTones, toHex } from './contrast';

const hex = (value: string) => parseHex(value) as NonNullable<ReturnType<typeof parseHex>>;
const ratio = (a: string, b: string) => contrast(hex(a), hex(b));

// Telegram's default palettes (what an outside audit saw sent) and iOS's.
const TELEGRAM_LIGHT: Palette = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f1f1',
  text_color: '#222222',
  hint_color: '#8e8e93',
  link_color: '#50a8eb',
  button_color: '#50a8eb',
  button_text_color: '#ffffff',
};
const TELEGRAM_DARK: Palette = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
};
const IOS_DARK: Palette = {
  bg_color: '#212121',
  secondary_bg_color: '#0f0f0f',
  section_bg_color: '#212121',
  text_color: '#ffffff',
  hint_color: '#aaaaaa',
  link_color: '#8774e1',
  button_color: '#8774e1',
  button_text_color: '#ffffff',
  destructive_text_color: '#ff595a',
};

describe('WCAG arithmetic', () => {
  it('parses the short and long hex forms and writes the long one', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#50A8EB')).toEqual([80, 168, 235]);
    expect(parseHex('blue')).toBeUndefined();
    expect(parseHex(undefined)).toBeUndefined();
    expect(toHex([80, 168, 235])).toBe('#50a8eb');
  });

  it('relative luminance: 0 for black, 1 for white, the sRGB curve between', () => {
    expect(luminance([0, 0, 0])).toBe(0);
    expect(luminance([255, 255, 255])).toBeCloseTo(1, 10);
    expect(luminance(hex('#808080'))).toBeCloseTo(0.2159, 4);
  });

  it('contrast ratio: 21 for black on white, symmetric, and the figures the audit measured', () => {
    expect(ratio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(ratio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(ratio('#8e8e93', '#ffffff')).toBeCloseTo(3.26, 2);
    expect(ratio('#222222', '#333333')).toBeCloseTo(1.26, 2);
    expect(ratio('#ffffff', '#ef4444')).toBeCloseTo(3.76, 2);
  });

  it('mixes in sRGB like color-mix(in srgb)', () => {
    expect(mix([0, 0, 0], [255, 255, 255], 0.5)).toEqual([127.5, 127.5, 127.5]);
    expect(mix(hex('#50a8eb'), hex('#222222'), 0)).toEqual(hex('#50a8eb'));
  });
});

describe('readable', () => {
  it('keeps a colour that already reads', () => {
    expect(readable(hex('#222222'), [hex('#ffffff')], hex('#000000'))).toEqual(hex('#222222'));
  });

  it('moves towards the text colour in small steps, stopping at the first that reads on every background', () => {
    const backgrounds = [hex('#ffffff'), hex('#f1f1f1')];
    const tone = readable(hex('#8e8e93'), backgrounds, hex('#222222'));
    for (const background of backgrounds) expect(contrast(tone, background)).toBeGreaterThanOrEqual(AA);
    // Not more than needed: the first of the 5% steps that reads (the one before does not), so still lighter than the text.
    const steps = Array.from(
      { length: 21 },
      (_, n) => mix(hex('#8e8e93'), hex('#222222'), n / 20).map(Math.round) as unknown as typeof tone,
    );
    const first = steps.findIndex((step) => Math.min(...backgrounds.map((b) => contrast(step, b))) >= AA);
    expect(first).toBeGreaterThan(0);
    expect(tone).toEqual(steps[first]);
    expect(luminance(tone)).toBeGreaterThan(luminance(hex('#222222')));
  });

  it('goes past a faint text colour towards black or white when that is not enough', () => {
    const tone = readable(hex('#bbbbbb'), [hex('#ffffff')], hex('#999999'));
    expect(contrast(tone, hex('#ffffff'))).toBeGreaterThanOrEqual(AA);
  });
});

describe('readableTones', () => {
  const backgroundsOf = (palette: Palette) =>
    [palette.bg_color, palette.secondary_bg_color, palette.section_bg_color].filter((value): value is string => Boolean(value));

  for (const [name, palette] of [
    ["Telegram's default light", TELEGRAM_LIGHT],
    ["Telegram's default dark", TELEGRAM_DARK],
    ['iOS dark', IOS_DARK],
  ] as const) {
    it(`${name}: every text tone reads at 4.5:1 on every background, filled buttons under their text`, () => {
      const tones = readableTones(palette);
      for (const background of backgroundsOf(palette)) {
        for (const tone of ['--text-2', '--accent', '--danger', '--up', '--down'] as const) {
          expect(ratio(tones[tone], background), `${tone} ${tones[tone]} on ${background}`).toBeGreaterThanOrEqual(AA);
        }
        // On the accent tint (--accent-soft: the button colour at 16%) as well.
        const tint = toHex(mix(hex(background), hex(palette.button_color as string), 0.16));
        expect(ratio(tones['--accent'], tint)).toBeGreaterThanOrEqual(AA);
        expect(ratio(tones['--text-2'], tint)).toBeGreaterThanOrEqual(AA);
      }
      expect(ratio(tones['--accent-text'], tones['--accent-fill'])).toBeGreaterThanOrEqual(AA);
      expect(ratio('#ffffff', tones['--danger-fill'])).toBeGreaterThanOrEqual(AA);
    });
  }

  it("Telegram's default palettes need it: their hint and link colours as they are read under 4.5:1", () => {
    expect(ratio('#8e8e93', '#f1f1f1')).toBeLessThan(AA);
    expect(ratio('#50a8eb', '#ffffff')).toBeLessThan(AA);
    expect(ratio('#708499', '#232e3c')).toBeLessThan(AA);
    expect(readableTones(TELEGRAM_LIGHT)['--text-2']).not.toBe('#8e8e93');
  });

  it('keeps a tone the palette already makes readable (the hint colour of iOS dark)', () => {
    expect(readableTones(IOS_DARK)['--text-2']).toBe('#aaaaaa');
  });

  it('falls back to Telegram defaults for missing keys and ignores values that are not colours', () => {
    const tones = readableTones({ bg_color: 'nonsense' });
    expect(ratio(tones['--text-2'], '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(ratio(tones['--accent-text'], tones['--accent-fill'])).toBeGreaterThanOrEqual(AA);
  });
});
