import type { Locator } from '@playwright/test';
import { contrast } from '../../apps/web/src/lib/contrast';

type Rgba = [number, number, number, number];

/**
 * The contrast ratio of an element's text on what is painted behind it: its colour and the
 * backgrounds of it and its ancestors, composited up to the first opaque one (tints such as
 * color-mix(... 12%, transparent) included). For elements axe does not judge: the unread badge's
 * digit is aria-hidden (a screen reader hears "3 unread messages" instead), so axe skips it, yet it
 * is what a sighted user reads.
 */
/** A computed CSS colour ("rgb(...)", "rgba(...)", or "color(srgb r g b / a)" as Chromium writes color-mix results). */
export function parseComputedColour(css: string): Rgba {
  const rgb = /^rgba?\(([^)]+)\)$/.exec(css);
  const srgb = /^color\(srgb ([^)]+)\)$/.exec(css);
  const parts = (rgb?.[1] ?? srgb?.[1])
    ?.split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  if (!parts || parts.length < 3) throw new Error(`not a colour: ${css}`);
  const scale = srgb ? 255 : 1;
  return [(parts[0] ?? 0) * scale, (parts[1] ?? 0) * scale, (parts[2] ?? 0) * scale, parts[3] ?? 1];
}

export async function textContrast(locator: Locator): Promise<number> {
  const { colour, layers } = await locator.evaluate((element) => {
    const backgrounds: string[] = [];
    for (let node: Element | null = element; node; node = node.parentElement) backgrounds.push(getComputedStyle(node).backgroundColor);
    return { colour: getComputedStyle(element).color, layers: backgrounds };
  });
  const painted = layers.map(parseComputedColour);
  const opaque = painted.findIndex((layer) => layer[3] >= 1);
  // Paint from the first opaque layer (white when none) up to the element, then the text over it.
  const over = (top: Rgba, bottom: Rgba): Rgba =>
    [0, 1, 2].map((i) => (top[i] ?? 0) * top[3] + (bottom[i] ?? 0) * (1 - top[3])).concat(1) as Rgba;
  const stack = opaque === -1 ? painted : painted.slice(0, opaque + 1);
  const background = stack.reverse().reduce<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  const text = over(parseComputedColour(colour), background);
  return contrast([text[0], text[1], text[2]], [background[0], background[1], background[2]]);
}
