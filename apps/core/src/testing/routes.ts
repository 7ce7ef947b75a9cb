import type { Express } from 'express';

/** `access`: the rule the route's first handler declares (permit(), signedIn(), breakGlassOnly(), publicRoute()), if any. */
export type AppRoute = { method: string; path: string; access?: string };

/** Every route of the app, read from Express itself, so a new route cannot escape the tests that sweep them. */
export function appRoutes(app: Express, options: { access?: boolean } = {}): AppRoute[] {
  return walk((app as unknown as { router: { stack: unknown[] } }).router.stack, '', options.access ?? false);
}

function walk(stack: unknown[], prefix: string, withAccess: boolean): AppRoute[] {
  const out: AppRoute[] = [];
  for (const layer of stack as {
    rawPath?: string;
    slash?: boolean;
    route?: { path: string; methods: Record<string, boolean>; stack?: { handle?: { access?: string } }[] };
    handle?: { stack?: unknown[]; router?: { stack?: unknown[] } };
  }[]) {
    // A module router is mounted through its gate (http/moduleRouter.ts), which holds it as `router`;
    // the feature modules all through one moduleRouters layer, which lists them as layers of its `stack`.
    const inner = layer.handle?.router?.stack ?? layer.handle?.stack;
    if (layer.route) {
      const access = withAccess ? layer.route.stack?.[0]?.handle?.access : undefined;
      for (const method of Object.keys(layer.route.methods))
        out.push({ method: method.toUpperCase(), path: prefix + layer.route.path, ...(access ? { access } : {}) });
    } else if (inner) {
      out.push(...walk(inner, prefix + (layer.slash || !layer.rawPath ? '' : layer.rawPath), withAccess));
    }
  }
  return out;
}
