import type { Express } from 'express';

export type AppRoute = { method: string; path: string };

/** Every route of the app, read from Express itself, so a new route cannot escape the tests that sweep them. */
export function appRoutes(app: Express): AppRoute[] {
  return walk((app as unknown as { router: { stack: unknown[] } }).router.stack, '');
}

function walk(stack: unknown[], prefix: string): AppRoute[] {
  const out: AppRoute[] = [];
  for (const layer of stack as {
    rawPath?: string;
    slash?: boolean;
    route?: { path: string; methods: Record<string, boolean> };
    handle?: { stack?: unknown[] };
  }[]) {
    if (layer.route) {
      for (const method of Object.keys(layer.route.methods)) out.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
    } else if (layer.handle?.stack) {
      out.push(...walk(layer.handle.stack, prefix + (layer.slash || !layer.rawPath ? '' : layer.rawPath)));
    }
  }
  return out;
}
