import type { RequestHandler, Router } from 'express';

/** What we read of Express's router internals (router 2.x): a layer's own matcher and its route. */
interface Layer {
  match(path: string): unknown;
  route?: { _handlesMethod(method: string): boolean };
  slash?: boolean;
  handle: { stack?: unknown; router?: unknown };
}

/** Distinct method + path pairs remembered per module; beyond it (a scan of random paths) each is decided afresh. */
const MEMO_LIMIT = 1_000;

export type ModuleRouter = RequestHandler & { router: Router };

/**
 * A module's router, entered only when one of its own layers matches the request, as Express
 * decides it (the layers' own matchers, methods as the router treats them). Why: Express enters
 * every router mounted without a path, walks its whole stack, and a router in which nothing
 * matched hands the request on through `setImmediate`: a bet, the 18th module, waited out 17
 * turns of the event loop and 17 router set-ups (docs/performance-history.md, "The HTTP bet path").
 *
 * Nothing that would have run is skipped. A layer that matches — a route of the request's path
 * (any method for HEAD and OPTIONS, which the router answers or falls back on), a middleware whose
 * prefix covers the path (a module's `router.use('/app/user', requireAuth)` guards every route
 * under /app/user, another module's included) — makes the request enter the router as before,
 * and the router then runs as it always did. A matcher that throws (a malformed escape) enters
 * too, so Express reports the error as before. A pending error never entered a router (Express
 * hands errors only to four-argument handlers). The stacks are frozen: a route added after mounting
 * would make a remembered answer wrong, so adding one throws instead.
 */
export function moduleRouter(router: Router): ModuleRouter {
  const stack = stackOf(router);
  freeze(stack);
  const memo = new Map<string, boolean>();
  const gate = ((req, res, next) => {
    const key = `${req.method} ${req.path}`;
    let enter: boolean | 'unknown' | undefined = memo.get(key);
    if (enter === undefined) {
      enter = canMatch(stack, req.method, req.path);
      if (enter !== 'unknown' && memo.size < MEMO_LIMIT) memo.set(key, enter);
    }
    if (enter === false) return next();
    return router(req, res, next);
  }) as ModuleRouter;
  gate.router = router;
  return gate;
}

/** No module to enter: one shared answer for the paths no module serves. */
const NONE: readonly number[] = [];

/**
 * The modules' routers as ONE middleware: each request enters, in order, the modules that one
 * moduleRouter gate per module would have let in, and nothing else. Why: with a gate per module,
 * Express still walked a layer per module (its matcher, its prefix trimming, its promise handling):
 * a bet passed 18 of them before the game's, a fifth of the bytes it allocated. Here one memo look-up
 * (method and path) gives the modules to enter; an error from one goes on to the error handlers
 * after this middleware, as a gate's did.
 */
export function moduleRouters(routers: Router[]): RequestHandler & { routers: Router[]; stack: { slash: true; handle: Router }[] } {
  const stacks = routers.map((router) => {
    const stack = stackOf(router);
    freeze(stack);
    return stack;
  });
  const memo = new Map<string, readonly number[]>();
  const joined: RequestHandler = (req, res, next) => {
    const key = `${req.method} ${req.path}`;
    let enter = memo.get(key);
    if (enter === undefined) {
      let unknown = false;
      const found: number[] = [];
      stacks.forEach((stack, i) => {
        const matched = canMatch(stack, req.method, req.path);
        unknown ||= matched === 'unknown';
        if (matched !== false) found.push(i);
      });
      enter = found.length ? found : NONE;
      if (!unknown && memo.size < MEMO_LIMIT) memo.set(key, enter);
    }
    const modules = enter;
    let at = 0;
    const step = (error?: unknown): void => {
      const index = error ? undefined : modules[at++];
      if (index === undefined) next(error);
      else (routers[index] as Router)(req, res, step);
    };
    step();
  };
  // The routers, for walks over the app's routes (testing/routes.ts): as layers mounted without a path.
  return Object.assign(joined, { routers, stack: routers.map((handle) => ({ slash: true as const, handle })) });
}

function stackOf(router: unknown): Layer[] {
  return (router as { stack: Layer[] }).stack;
}

/** Whether any layer (inside routers mounted without a path, too) matches; 'unknown' when a matcher threw. */
export function canMatch(stack: Layer[], method: string, path: string): boolean | 'unknown' {
  for (const layer of stack) {
    const matched = layerMatches(layer, method, path);
    if (matched !== false) return matched;
  }
  return false;
}

/** One layer's answer: true or 'unknown' stops the search, false goes on to the next layer. */
function layerMatches(layer: Layer, method: string, path: string): boolean | 'unknown' {
  let match: unknown;
  try {
    match = layer.match(path);
  } catch {
    return 'unknown';
  }
  if (!match) return false;
  if (layer.route) return method === 'HEAD' || method === 'OPTIONS' || layer.route._handlesMethod(method);
  const inner = innerStack(layer);
  // A router mounted without a path sees the same path: ask its layers. Anything else that matches runs.
  return layer.slash && inner ? canMatch(inner, method, path) : true;
}

function freeze(stack: Layer[]): void {
  Object.freeze(stack);
  for (const layer of stack) {
    const inner = innerStack(layer);
    if (!layer.route && inner) freeze(inner);
  }
}

/** The stack of a router a layer mounts (through its gate, or directly); undefined for any other handler. */
function innerStack(layer: Layer): Layer[] | undefined {
  const inner = (layer.handle.router ?? layer.handle) as { stack?: unknown };
  return Array.isArray(inner.stack) ? (inner.stack as Layer[]) : undefined;
}
