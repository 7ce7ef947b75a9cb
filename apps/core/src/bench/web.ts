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
 * Knobs: LIGHTHOUSE=0 (sizes only), LIGHTHOUSE_RUNS (runs per page; min and median reported),
 * WEB_BASELINE_DIST (another build measured in alternation), LIGHTHOUSE_SAVE (keep the reports),
 * LIGHTHOUSE_DEBUG_PORT (the signed-in Chromium's port, 9339), BENCH_VERBOSE (list the login page's files).
 */
const run = promisify(execFile);
const DIST = path.resolve('apps/web/dist');
type Chunk = {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
};

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
/**
 * What every page beyond the entry and login pages adds once, in English: the layout they share
 * (layouts/FullLayout: react-query, the error catalogue's English texts) and the English page strings.
 * The layout has no chunk of its own: vite.config.ts's `firstPageChunks` groups it with the home page
 * and the tab layout into the chunk `home`, which the manifest names `_home-<hash>.js`, so that chunk and
 * what it imports are counted. Another language adds its page strings and its catalogue part.
 */
const homeChunk = Object.keys(manifest).filter((key) => manifest[key]?.name === 'home' && !manifest[key]?.src);
if (homeChunk.length !== 1) throw new Error(`expected one grouped home chunk in the manifest, found ${homeChunk.length}`);
const fullLayoutFiles = new Set([...closure(homeChunk[0] as string), ...closure('src/i18n/locales/app/en-US.ts')]);
const fullLayoutJs = kb([...fullLayoutFiles].filter((f) => f.endsWith('.js') && !initial.has(f)).reduce((sum, f) => sum + gz(f), 0));
const initialJs = kb([...initial].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0));
const initialCss = kb([...initial].filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0));

/** Chromium's debugging port for the signed-in runs (`LIGHTHOUSE_DEBUG_PORT`, when 9339 is taken). */
const DEBUG_PORT = Number(process.env.LIGHTHOUSE_DEBUG_PORT ?? 9339);
/** `LIGHTHOUSE_RUNS=N`: runs per page (scores move by several points from run to run); min and median are reported. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
/** `LIGHTHOUSE=0` measures sizes only (Lighthouse takes minutes). */
class Skip extends Error {}

/** One Lighthouse run of one page: the score, the timings (ms) and the LCP element, or why it was not measured. */
interface Run {
  score?: number;
  fcp?: number;
  lcp?: number;
  tbt?: number;
  lcpElement?: string;
  error?: string;
}

type Audit = { numericValue?: number; details?: { items?: { items?: { node?: { selector?: string; snippet?: string } }[] }[] } };

/** Lighthouse's mobile performance of one page; `port` attaches to a running Chromium. */
async function lighthouseOf(url: string, label: string, port?: number): Promise<Run> {
  try {
    const attach = port ? [`--port=${port}`, '--disable-storage-reset'] : [`--chrome-flags=${CHROMIUM_ARGS.join(' ')}`];
    const args = ['--yes', 'lighthouse@12.8.2', url, '--only-categories=performance', '--form-factor=mobile', '--output=json', '--quiet'];
    const { stdout } = await run('npx', [...args, ...attach], {
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    });
    // `LIGHTHOUSE_SAVE=<dir>` keeps each report (LCP element, long tasks, request chains) for a closer look.
    if (process.env.LIGHTHOUSE_SAVE) writeFileSync(path.join(process.env.LIGHTHOUSE_SAVE, `${label}.json`), stdout);
    const report = JSON.parse(stdout) as {
      finalDisplayedUrl: string;
      categories: { performance: { score: number } };
      audits: Record<string, Audit>;
    };
    // The entry page sends a visitor without a valid token to log in: that would measure the wrong page.
    const ended = new URL(report.finalDisplayedUrl).pathname;
    if (ended !== new URL(url).pathname) return { error: `not measured: the page ended at ${ended}` };
    const ms = (id: string) => Math.round(report.audits[id]?.numericValue ?? Number.NaN);
    const node = report.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
    return {
      score: Math.round(report.categories.performance.score * 100),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      ...(node ? { lcpElement: node.selector ?? node.snippet ?? '' } : {}),
    };
  } catch (error) {
    return { error: `not measured: ${(error as Error).message.split('\n')[0]}` };
  }
}

let phones = 0;

/**
 * The home page needs a signed-in user: a Chromium of our own gets a new user's
 * token in localStorage, and Lighthouse attaches to it without clearing storage.
 */
async function signedInLighthouse(serverUrl: string, page: string, label: string): Promise<Run> {
  const user = await registerThrough(new TestApi(serverUrl), `90000${String(++phones).padStart(5, '0')}`);
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
    return await lighthouseOf(`${serverUrl}${page}`, label, DEBUG_PORT);
  } finally {
    const exited = new Promise((resolve) => browser.once('exit', resolve));
    browser.kill('SIGKILL');
    await exited;
    await rm(profile, { recursive: true, force: true });
  }
}

/** Min and median of each figure over the runs, the runs themselves, and the load average while they ran. */
function summary(runs: Run[]) {
  const measured = runs.filter((r) => r.score !== undefined);
  const of = (key: 'score' | 'fcp' | 'lcp' | 'tbt') => {
    const values = measured.map((r) => r[key] as number).sort((a, b) => a - b);
    return values.length ? { min: values[0], median: values[Math.floor((values.length - 1) / 2)], max: values.at(-1) } : undefined;
  };
  return {
    score: of('score'),
    lcpMs: of('lcp'),
    tbtMs: of('tbt'),
    fcpMs: of('fcp'),
    lcpElements: [...new Set(measured.map((r) => r.lcpElement).filter(Boolean))],
    runs: runs.map((r) => r.error ?? `${r.score} (LCP ${r.lcp} ms, TBT ${r.tbt} ms)`),
  };
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
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 10) / 10);
const serverEnv = {
  SKIP_WEB: 'false',
  NODE_ENV: 'production',
  // Offline: production's default beacon is drand, which the benchmark does not measure.
  GAME_BEACON: 'local',
  JWT_SECRET: 'bench-web',
  LOG_LEVEL: 'silent',
  // The benchmark reads the new user's SMS code from the outbox.
  DEV_OUTBOX: 'true',
};
/**
 * `WEB_BASELINE_DIST=<dir>`: another build of the web app (e.g. main's `apps/web/dist`, copied
 * aside) measured by a second core process in the same run, its runs alternating with this
 * build's, so that both see the same load.
 */
const baselineDist = process.env.WEB_BASELINE_DIST ? path.resolve(process.env.WEB_BASELINE_DIST) : undefined;
const builds: { name: string; dist?: string }[] = [
  { name: 'this build' },
  ...(baselineDist ? [{ name: 'baseline', dist: baselineDist }] : []),
];
const lighthouse: Record<string, unknown> = {};
const loadBefore = loadAverage();
let loginInBrowser: { js: number; files: number } | undefined;
let baselineLoginInBrowser: { js: number; files: number } | undefined;
const servers = await Promise.all(
  builds.map((build) => startCoreProcess({ ...serverEnv, ...(build.dist ? { WEB_DIST: build.dist } : {}) })),
);
try {
  const login = '/pages/login/login';
  const home = '/pages/home/home';
  loginInBrowser = await browserJsKb(`${servers[0]?.url}${login}`);
  if (servers[1]) baselineLoginInBrowser = await browserJsKb(`${servers[1].url}${login}`);
  if (process.env.LIGHTHOUSE === '0') throw new Skip();
  const runs = builds.map(() => ({ login: [] as Run[], home: [] as Run[] }));
  for (let i = 0; i < RUNS; i++) {
    for (const [b, server] of servers.entries()) {
      const tag = `${b === 0 ? 'build' : 'baseline'}-${i + 1}`;
      runs[b]?.login.push(await lighthouseOf(`${server.url}${login}`, `login-${tag}`));
      runs[b]?.home.push(await signedInLighthouse(server.url, home, `home-${tag}`));
    }
  }
  for (const [b, build] of builds.entries()) {
    lighthouse[build.name] = { [login]: summary(runs[b]?.login ?? []), [`${home} (signed in)`]: summary(runs[b]?.home ?? []) };
  }
} catch (error) {
  if (!(error instanceof Skip)) throw error;
} finally {
  await Promise.all(servers.map((server) => server.stop()));
}

console.log(
  JSON.stringify(
    {
      benchmark: 'web',
      machine: machine(),
      loadAverage: { before: loadBefore, after: loadAverage() },
      budgetKb: 150,
      initialJsKb: initialJs,
      initialCssKb: initialCss,
      // Routes other than the entry and login pages add this too (not counted in `routes`): the grouped
      // home chunk (the signed-in layout, the tab layout, the home page) and the English page strings.
      fullLayoutJsKb: fullLayoutJs,
      loginPageInBrowser: { budgetKb: LOGIN_BUDGET_KB, ...loginInBrowser },
      ...(baselineLoginInBrowser ? { baselineLoginPageInBrowser: baselineLoginInBrowser } : {}),
      routes,
      lighthouseMobilePerformance: { runsPerPage: RUNS, ...lighthouse },
    },
    null,
    2,
  ),
);
