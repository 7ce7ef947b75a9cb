import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { PAGE_CONFIG_ELEMENT_ID, PAGE_CONFIG_KEYS, routes } from '@prism/domain';
import type { RequestHandler } from 'express';
import type { ConfigService } from './modules/config';

/** One rendering of index.html: its bytes and their strong ETag. */
export interface RenderedIndex {
  body: Buffer;
  etag: string;
}

/**
 * `<` is written as \u003c, so no value can close the script element or open a comment;
 * JSON.parse reads it back as `<`.
 */
export function pageConfigScript(values: Record<string, string>): string {
  const json = JSON.stringify(values).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/**
 * What a page's index.html names beyond the build's own tags, by page: the web build writes the
 * files (`.vite/page-preloads.json`, vite.config.ts). `early` is the early entry (its script, then
 * the chunks it imports): on the home and entry pages it sends a signed-in user's first requests
 * while the vendor chunk still downloads (apps/web/src/earlyEntry.ts). `home` is the home page's
 * chunk, preloaded on home so that it loads alongside the entry's. The login page gets neither.
 */
export type PagePreloads = Partial<Record<'home' | 'early', string[]>>;
const PAGE_EXTRAS = new Map<string, (keyof PagePreloads)[]>([
  [routes.home, ['early', 'home']],
  [routes.load, ['early']],
  [routes.loadAlias, ['early']],
]);
const ASSET = /^\/assets\/[\w.-]+\.js$/;

/** What a path adds, if anything ('/pages/home/home/' too). */
function extrasOf(pathname: string): (keyof PagePreloads)[] {
  return PAGE_EXTRAS.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname) ?? [];
}

const assets = (listed: unknown): string[] =>
  Array.isArray(listed) ? listed.filter((file): file is string => typeof file === 'string' && ASSET.test(file)) : [];

/** The tags for a page: the early entry as an async module script (it runs as soon as it is in), preloads for the rest. */
function extraTags(extras: (keyof PagePreloads)[], preloads: PagePreloads): string {
  const tags: string[] = [];
  for (const extra of extras) {
    const files = assets(preloads[extra]);
    const [script, ...rest] = extra === 'early' ? files : [undefined, ...files];
    if (script) tags.push(`<script type="module" async crossorigin src="${script}"></script>`);
    for (const file of rest) tags.push(`<link rel="modulepreload" crossorigin href="${file}">`);
  }
  return tags.join('');
}

/**
 * index.html with the public settings the first pages need (PAGE_CONFIG_KEYS) embedded
 * before `</head>`, and the page's preloads (PagePreloads). The settings live in sys_config and an
 * operator may change them, so they are read at each request from the config service's
 * in-process copy (at most CONFIG_CACHE_MS old, no query per request); the page is rendered and
 * hashed again only when they, or the file, changed. A setting that cannot be read is left out,
 * and the web app asks for it as before.
 */
export function createIndexRenderer(
  template: () => Promise<string>,
  config: Pick<ConfigService, 'getPublic'>,
  preloads: () => Promise<PagePreloads> = async () => ({}),
): (pathname: string) => Promise<RenderedIndex> {
  const last = new Map<string, { html: string; key: string; rendered: RenderedIndex }>();
  return async (pathname) => {
    const html = await template();
    const extras = extrasOf(pathname);
    const tags = extras.length ? extraTags(extras, await preloads()) : '';
    const values: Record<string, string> = {};
    await Promise.all(
      PAGE_CONFIG_KEYS.map(async (key) => {
        try {
          values[key] = await config.getPublic(key);
        } catch {
          // Unknown, private or unreadable: the page asks for it itself.
        }
      }),
    );
    const key = JSON.stringify([tags, PAGE_CONFIG_KEYS.map((name) => values[name] ?? null)]);
    const variant = extras.join();
    const previous = last.get(variant);
    if (previous?.html === html && previous.key === key) return previous.rendered;
    const head = `${tags}${pageConfigScript(values)}`;
    const at = html.lastIndexOf('</head>');
    const body = Buffer.from(at < 0 ? html : `${html.slice(0, at)}${head}${html.slice(at)}`, 'utf8');
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const rendered = { body, etag };
    last.set(variant, { html, key, rendered });
    return rendered;
  };
}

/** The build's page preloads; none when the file is missing or unreadable (an older build). */
export function filePreloads(file: string): () => Promise<PagePreloads> {
  const text = fileTemplate(file);
  return async () => {
    try {
      const parsed: unknown = JSON.parse(await text());
      return parsed && typeof parsed === 'object' ? (parsed as PagePreloads) : {};
    } catch {
      return {};
    }
  };
}

/**
 * The text of a file, read again only when its size or modification time changed: a rebuild of
 * the web app under a running core is served at once, as express.static would.
 */
export function fileTemplate(file: string): () => Promise<string> {
  let cached: { version: string; text: string } | undefined;
  return async () => {
    const info = await stat(file);
    const version = `${info.size}:${info.mtimeMs}`;
    if (cached?.version !== version) cached = { version, text: await readFile(file, 'utf8') };
    return cached.text;
  };
}

/**
 * Answers a page request with the rendered index.html: `Cache-Control: no-cache` (the browser
 * asks again each time, so a new build or setting shows at once) with an ETag, so that asking
 * again costs a 304 and no body when nothing changed.
 */
export function serveIndex(render: (pathname: string) => Promise<RenderedIndex>): RequestHandler {
  return async (req, res, next) => {
    try {
      const { body, etag } = await render(req.path);
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('ETag', etag);
      res.type('html');
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      res.send(body);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The operator console's own policy: never framed (no Telegram client embeds it, and a framed
 * console invites clickjacking of money actions), the same sources as the Mini App otherwise.
 */
export const ADMIN_PAGE_CSP =
  "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * Answers /admin and every path under it with the console's admin.html, as built: none of the
 * players' page settings or preloads (the players' renderer is not used). Not cached (a console
 * holding an old build after a deploy would call routes that changed), not framed, not indexed.
 */
export function serveAdminPage(template: () => Promise<string>): RequestHandler {
  return async (_req, res, next) => {
    try {
      const html = await template();
      res.setHeader('Content-Security-Policy', ADMIN_PAGE_CSP);
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(html);
    } catch (error) {
      // A build without the console (an older dist): not the players' page in its place.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') res.status(404).type('text').send('The operator console is not built.');
      else next(error);
    }
  };
}
