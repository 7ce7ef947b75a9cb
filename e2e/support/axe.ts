import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';

/**
 * The route walks of the accessibility and layout specs (a11y, telegram-palettes, layout): client-side navigation and
 * axe-core injected once per page load. A walk used to reload the app and inject axe for every route;
 * most of each route's time went there, not into axe's checks.
 */

// The engine @axe-core/playwright runs, read once per worker.
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(
  require.resolve('axe-core/axe.min.js', { paths: [path.dirname(require.resolve('@axe-core/playwright'))] }),
  'utf8',
);

export interface AxeNode {
  target: string[];
  any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
}
export interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: AxeNode[];
}

/** Client-side navigation, as the app's own links do: no reload, so the SDK, theme and session stay as they are. */
export async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate(async (target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done));
  }, to);
  // The route's chunk and its data each show the loading placeholder (.page-loading) until they arrive.
  await page.waitForFunction(
    (target) =>
      window.location.pathname === target.split('?')[0] && document.querySelector('main') && !document.querySelector('.page-loading'),
    to,
    { polling: 'raf', timeout: 15_000 },
  );
}

/** axe on the page as it is now (injected on the first call after a load): only `serious` and `critical` findings. */
export async function seriousViolations(page: Page, options: { rules?: string[]; tags?: string[] }): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const runOnly = options.rules ? { type: 'rule', values: options.rules } : { type: 'tag', values: options.tags ?? [] };
  const violations = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run(document, { runOnly: only, resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  }, runOnly);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A violation's first nodes, with the colours where axe measured contrast. */
export function describeNodes(violation: AxeViolation, count: number): string[] {
  return violation.nodes.slice(0, count).map((node) => {
    const data = node.any[0]?.data;
    const colours = data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
    return `${node.target.join(' ')}${colours}`;
  });
}
