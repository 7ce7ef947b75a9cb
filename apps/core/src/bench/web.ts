import { execFile, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../testing/chromium';
import { TestApi } from '../testing/harness';
import { registerThrough, startCoreProcess } from '../testing/process';
import { machine } from './support';

/**
 * `npm run bench -- web`: the built web app's initial JS and CSS (gzip) and
 * what each route adds, then Lighthouse's mobile performance score of public
 * pages (login, and home signed in) in Debian's Chromium (Lighthouse 12.8 is fetched by npx at run time).
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
/** What every page beyond the entry and login pages adds once: react-query (layouts/FullLayout) and the English page strings. */
const fullLayoutFiles = new Set([...closure('src/app/layouts/FullLayout.tsx'), ...closure('src/i18n/locales/app/en-US.ts')]);
const fullLayoutJs = kb([...fullLayoutFiles].filter((f) => f.endsWith('.js') && !initial.has(f)).reduce((sum, f) => sum + gz(f), 0));
const initialJs = kb([...initial].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0));
const initialCss = kb([...initial].filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0));

const DEBUG_PORT = 9339;
/** `LIGHTHOUSE=0` measures sizes only (Lighthouse takes minutes). */
class Skip extends Error {}

/** Lighthouse's mobile performance score and LCP of one page; `port` attaches to a running Chromium. */
async function lighthouseOf(url: string, port?: number): Promise<[number | string, string]> {
  try {
    const attach = port ? [`--port=${port}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROMIUM_ARGS.join(' ')}`];
    const args = ['--yes', 'lighthouse@12.8.2', url, '--only-categories=performance', '--form-factor=mobile', '--output=json', '--quiet'];
    const { stdout } = await run('npx', [...args, ...attach], {
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    });
    // `LIGHTHOUSE_SAVE=<dir>` keeps each report (LCP element, request chains) for a closer look.
    if (process.env.LIGHTHOUSE_SAVE) {
      writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `${new URL(url).pathname.split('/').pop()}.json`), stdout);
    }
    const report = JSON.parse(stdout) as {
      finalDisplayedUrl: string;
      categories: { performance: { score: number } };
      audits: Record<string, { displayValue?: string }>;
    };
    // The entry page sends a visitor without a valid token to log in: that would measure the wrong page.
    const ended = new URL(report.finalDisplayedUrl).pathname;
    if (ended !== new URL(url).pathname) return [`not measured: the page ended at ${ended}`, ''];
    return [Math.round(report.categories.performance.score * 100), report.audits['largest-contentful-paint']?.displayValue ?? ''];
  } catch (error) {
    return [`not measured: ${(error as Error).message.split('\n')[0]}`, ''];
  }
}

/**
 * The home page needs a signed-in user: a Chromium of our own gets a new user's
 * token in localStorage, and Lighthouse attaches to it without clearing storage.
 */
async function signedInLighthouse(serverUrl: string, page: string): Promise<[number | string, string]> {
  const user = await registerThrough(new TestApi(serverUrl), '9000000001');
  const profile = await mkdtemp(path.join(os.tmpdir(), 'prism-lh-'));
  const browser = spawn(
    CHROMIUM_PATH,
    [...CHROMIUM_ARGS, `--remote-debugging-port=${DEBUG_PORT}`, `--user-data-dir=${profile}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  try {
    const cdp = await connectWhenUp(`http://127.0.0.1:${DEBUG_PORT}`);
    const tab = await (cdp.contexts()[0] ?? (await cdp.newContext())).newPage();
    // A JSON endpoint of the same origin: the token is stored without caching any of the app's files.
    await tab.goto(`${serverUrl}/core/app/config/getDownloadUrl`);
    // Runs in the page (core's tsconfig has no DOM types, hence the narrow cast).
    type PageGlobal = { localStorage: { setItem(key: string, value: string): void } };
    await tab.evaluate(
      (token) => (globalThis as unknown as PageGlobal).localStorage.setItem('prism.token', JSON.stringify({ token })),
      user.token,
    );
    await tab.close();
    return await lighthouseOf(`${serverUrl}${page}`, DEBUG_PORT);
  } finally {
    const exited = new Promise((resolve) => browser.once('exit', resolve));
    browser.kill('SIGKILL');
    await exited;
    await rm(profile, { recursive: true, force: true });
  }
}

async function connectWhenUp(endpoint: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await chromium.connectOverCDP(endpoint);
    } catch (error) {
      if (attempt > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * What a first visit to `url` downloads, measured in the browser: every script
 * the page requested until the network was idle, gzip-compressed as the server sends it.
 */
async function browserJsKb(url: string): Promise<{ js: number; files: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(
        response.url(),
        response.body().then((body) => gzipSync(body).length),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const sizes = await Promise.all(scripts.values());
    if (process.env.BENCH_VERBOSE) {
      for (const [i, file] of [...scripts.keys()].entries()) console.error(sizes[i], file);
    }
    return { js: kb(sizes.reduce((sum, size) => sum + size, 0)), files: sizes.length };
  } finally {
    await browser.close();
  }
}

const LOGIN_BUDGET_KB = 130;
const lighthouse: Record<string, number | string> = {};
let loginInBrowser: { js: number; files: number } | undefined;
const server = await startCoreProcess({
  SKIP_WEB: 'false',
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-web',
  LOG_LEVEL: 'silent',
  // The benchmark reads the new user's SMS code from the outbox.
  DEV_OUTBOX: 'true',
});
try {
  const login = '/pages/login/login';
  const home = '/pages/home/home';
  loginInBrowser = await browserJsKb(`${server.url}${login}`);
  if (process.env.LIGHTHOUSE === '0') throw new Skip();
  [lighthouse[login], lighthouse[`${login} LCP`]] = await lighthouseOf(`${server.url}${login}`);
  [lighthouse[`${home} (signed in)`], lighthouse[`${home} (signed in) LCP`]] = await signedInLighthouse(server.url, home);
} catch (error) {
  if (!(error instanceof Skip)) throw error;
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
      // Routes other than the entry and login pages add this too (not counted in `routes`).
      fullLayoutJsKb: fullLayoutJs,
      loginPageInBrowser: { budgetKb: LOGIN_BUDGET_KB, ...loginInBrowser },
      routes,
      lighthouseMobilePerformance: lighthouse,
    },
    null,
    2,
  ),
);
