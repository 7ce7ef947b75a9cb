import { createServer, IncomingMessage, type RequestListener, type Server, ServerResponse } from 'node:http';
import type { Express } from 'express';

/**
 * The request and response classes node:http makes each request's `req` and `res` with, born with
 * an Express app's prototypes (`app.request`, `app.response`) once `adopt` has named the app.
 *
 * Why: Express gives every request its prototypes with `Object.setPrototypeOf(req, app.request)`
 * (and `res`'s). Changing an object's prototype gives it a map of its own, so every property read or
 * write on `req`/`res` after that (Node's own HTTP code, Express's router, ours) missed V8's inline
 * caches: 20 store misses a request in an Express hello-world under `--log-ic`, and 22 % of its
 * instructions under callgrind (docs/performance.md, "Express's prototypes"). When the object already
 * has that prototype, setPrototypeOf changes nothing: the same hello-world answered 3.4x the requests.
 * This is the remedy proposed in expressjs/express#5998; Express itself is unchanged.
 *
 * Requests that arrive before `adopt` (the 503 while the database opens) are plain node:http ones.
 * Sub-apps (`app.use(otherApp)`) would set their own prototypes again; Prism mounts none.
 */
function appClasses() {
  // Function constructors, not classes: a class's instances would have the class's prototype, and
  // `prototype` below must be the app's own objects (Express compares with them, by identity).
  function AppRequest(this: IncomingMessage, ...args: ConstructorParameters<typeof IncomingMessage>) {
    IncomingMessage.apply(this, args);
  }
  function AppResponse(this: ServerResponse, ...args: ConstructorParameters<typeof ServerResponse>) {
    ServerResponse.apply(this, args);
  }
  AppRequest.prototype = IncomingMessage.prototype;
  AppResponse.prototype = ServerResponse.prototype;
  return {
    /** For http.createServer's options. */
    options: {
      IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
      ServerResponse: AppResponse as unknown as typeof ServerResponse,
    },
    /** From now on, requests are born as `app`'s (its `request` and `response` objects as their prototypes). */
    adopt(app: Express): void {
      AppRequest.prototype = app.request;
      AppResponse.prototype = app.response;
    },
  };
}

const adopters = new WeakMap<Server, (app: Express) => void>();

/** An HTTP server answering with `first` (the 503 while starting) whose requests will be born as an app's (`serveApp`). */
export function createAppServer(first: RequestListener): Server {
  const classes = appClasses();
  const server = createServer(classes.options, first);
  adopters.set(server, classes.adopt);
  return server;
}

/** From now on `app` answers `server`'s requests (instead of `previous`), each born with the app's prototypes. */
export function serveApp(server: Server, app: Express, previous: RequestListener): void {
  adopters.get(server)?.(app);
  server.off('request', previous);
  server.on('request', app);
}

/** A server answering with `app` from the start (the tests' harness), its requests born as the app's. */
export function createServerFor(app: Express): Server {
  const server = createAppServer(app);
  adopters.get(server)?.(app);
  return server;
}
