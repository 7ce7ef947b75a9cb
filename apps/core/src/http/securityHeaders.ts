import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/** Helmet's defaults for the web app's documents, except that Telegram's web clients must be able to frame the Mini App. */
export const WEB_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
    },
  },
  xFrameOptions: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * What an API answer (JSON, an event stream, an uploaded file) carries: the headers that protect a
 * resource that is not a document (the OWASP REST Security Cheat Sheet's set, and helmet's
 * resource-policy header). Helmet's others (the page's CSP sources, COOP, Origin-Agent-Cluster,
 * Referrer-Policy, X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies,
 * X-XSS-Protection) govern what a *document* may load or do, and a JSON answer loads and does
 * nothing: they were about 550 bytes and 7 headers on every answer (docs/decisions.md, 13).
 */
export const API_SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  // Nothing may run, load or frame it, should a browser ever render it.
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  // No other site may embed it (an <img> or <script> of an answer: Spectre-style reads).
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
];

/**
 * Helmet's headers, worked out once: with options that hold no function (no per-request nonce),
 * helmet sets the same names and values on every answer, but builds them per request through a
 * chain of eleven middlewares (the Content-Security-Policy text included). Here helmet runs once
 * against a recording response at start; each request then gets the recorded headers as they are.
 */
export function staticSecurityHeaders(options: HelmetOptions): RequestHandler {
  const { headers, removed } = recordHelmet(options);
  return (_req, res, next) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * The security headers of every answer: API_SECURITY_HEADERS under /core (the API), helmet's with
 * `webOptions` for everything else (the web app's pages and files). A document served under /core
 * (the sandbox payment page) adds the document's headers itself (`documentSecurityHeaders`).
 */
export function securityHeaders(webOptions: HelmetOptions = WEB_HELMET_OPTIONS): RequestHandler {
  const web = staticSecurityHeaders(webOptions);
  return (req, res, next) => {
    if (!isApiPath(req.url)) return web(req, res, next);
    for (const [name, value] of API_SECURITY_HEADERS) res.setHeader(name, value);
    next();
  };
}

/** For an HTML page under /core: helmet's document headers on top of the API's (its own CSP set after them wins). */
export const documentSecurityHeaders: RequestHandler = staticSecurityHeaders(WEB_HELMET_OPTIONS);

/** /core and below: the API (its query string included; /corefoo is not). */
export const isApiPath = (url: string): boolean => url.startsWith('/core') && (url.length === 5 || url[5] === '/' || url[5] === '?');

function recordHelmet(options: HelmetOptions): { headers: [string, string][]; removed: string[] } {
  const headers: [string, string][] = [];
  const removed: string[] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      removed.push(name);
    },
  };
  let called = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => {
    called = true;
  });
  if (!called) throw new Error('helmet did not finish synchronously: its headers cannot be recorded');
  return { headers, removed };
}
