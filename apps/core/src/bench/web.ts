import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { startCoreProcess } from '../testing/process';
import { machine } from './support';

/**
 * `npm run bench -- web`: the built web app's initial JS and CSS (gzip) and
 * what each route adds, then Lighthouse's mobile performance score of public
 * pages in Debian's Chromium (Lighthouse 12.8 is fetched by npx at run time).
 */
const run = promisify(execFile);
const DIST = path.resolve('apps/web/dist');
type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean };

await run(path.resolve('node_modules/.bin/vite'), ['build', '--logLevel', 'warn']);
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => gzipSync(readFileSync(path.join(DIST, file))).length;
const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const initial = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string));
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** The files a chunk pulls in statically, beyond what the first page already has. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(imported, seen);
  return seen;
}

const routes = Object.keys(manifest)
  .filter((key) => key.includes('src/app/routes/'))
  .map((key) => {
    const files = [...closure(key)].filter((file) => !initial.has(file));
    return {
      route: path.basename(key, '.tsx'),
      js: kb(files.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0)),
      css: kb(files.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0)),
    };
  })
  .sort((a, b) => b.js - a.js);
const initialJs = kb([...initial].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0));
const initialCss = kb([...initial].filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0));

const lighthouse: Record<string, number | string> = {};
const server = await startCoreProcess({ SKIP_WEB: 'false', NODE_ENV: 'production', JWT_SECRET: 'bench-web', LOG_LEVEL: 'silent' });
try {
  for (const page of ['/pages/login/login', '/pages/game/verify']) {
    try {
      const { stdout } = await run(
        'npx',
        [
          '--yes',
          'lighthouse@12.8.2',
          `${server.url}${page}`,
          '--only-categories=performance',
          '--form-factor=mobile',
          '--output=json',
          '--quiet',
          '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
        ],
        { env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024, timeout: 180_000 },
      );
      const report = JSON.parse(stdout) as {
        categories: { performance: { score: number } };
        audits: Record<string, { displayValue?: string }>;
      };
      lighthouse[page] = Math.round(report.categories.performance.score * 100);
      lighthouse[`${page} LCP`] = report.audits['largest-contentful-paint']?.displayValue ?? '';
    } catch (error) {
      lighthouse[page] = `not measured: ${(error as Error).message.split('\n')[0]}`;
    }
  }
} finally {
  await server.stop();
}

console.log(
  JSON.stringify(
    {
      benchmark: 'web',
      machine: machine(),
      budgetKb: 150,
      initialJsKb: initialJs,
      initialCssKb: initialCss,
      routes,
      lighthouseMobilePerformance: lighthouse,
    },
    null,
    2,
  ),
);
