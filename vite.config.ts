/// <reference types="vitest/config" />
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type InlineConfig, type Plugin } from 'vite';

/**
 * Builds the Mini App (apps/web) into apps/web/dist, which core serves.
 * `npm run dev` runs this dev server with /core proxied to the API on :3000.
 */
const apiTarget = process.env.PRISM_API_URL ?? 'http://127.0.0.1:3000';
const src = path.resolve('apps/web/src');

/**
 * The first pages' code in few files (docs/performance.md): left to itself the bundler makes a
 * chunk of every set of modules shared by a different set of pages, and the login page loaded
 * 25 files. Here the modules that the entry and the login page import statically become one
 * chunk, and those that home adds (its layouts, react-query) another. The libraries every page
 * runs (React, the router, i18next) are one vendor chunk. Other pages keep the automatic split.
 */
const firstPages = {
  login: [`${src}/main.tsx`, `${src}/app/routes/login.tsx`],
  home: [`${src}/app/routes/home.tsx`, `${src}/app/layouts/FullLayout.tsx`, `${src}/app/layouts/TabLayout.tsx`],
};
const earlyEntry = `${src}/earlyEntry.ts`;
const captured = { early: new Set<string>(), login: new Set<string>(), home: new Set<string>() };
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/;

/**
 * Reached through barrels (`@prism/domain` re-exports every rule, game proofs and hashes
 * included): following static imports would take in what only other pages use. They are left to
 * the automatic split, which keeps only what is used where.
 */
const SHARED_LIBRARIES = /packages[\\/]domain[\\/]|node_modules[\\/]@noble[\\/]/;

function firstPageChunks(): Plugin {
  return {
    name: 'prism-first-page-chunks',
    apply: 'build',
    buildStart() {
      for (const set of Object.values(captured)) set.clear();
    },
    buildEnd() {
      const walk = (roots: string[], into: Set<string>) => {
        const queue = [...roots];
        while (queue.length) {
          const id = queue.pop() as string;
          if (into.has(id)) continue;
          into.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) queue.push(next);
        }
      };
      walk([earlyEntry], captured.early);
      walk(firstPages.login, captured.login);
      walk(firstPages.home, captured.home);
    },
    // For core (apps/core/src/webIndex.ts): the home page's chunk, named in a modulepreload link of
    // the home page's index.html only, so that it loads alongside the entry's chunks; and the early
    // entry (first the script, then the chunks it imports), named on the home and entry pages.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
      const home = chunks.find((chunk) => chunk.moduleIds.includes(`${src}/app/routes/home.tsx`));
      const early = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === earlyEntry);
      const preloads = {
        home: home ? [`/${home.fileName}`] : [],
        early: early ? [early.fileName, ...early.imports].map((file) => `/${file}`) : [],
      };
      this.emitFile({ type: 'asset', fileName: '.vite/page-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

/**
 * React Router's production build in production. Its package maps every import to its development
 * build, whose only difference is `ENABLE_DEV_WARNINGS = true`: the warnings (strings the first
 * pages download, 0.5 KB gzip) stayed in the bundle. The dev server keeps them.
 */
function reactRouterProduction(): Plugin {
  const production = path.resolve('node_modules/react-router/dist/production/index.mjs');
  return {
    name: 'prism-react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      return id === 'react-router' ? production : null;
    },
  };
}

/**
 * The operator console (admin.html → src/admin): a build of its own, run after the players' build
 * into the same dist (its manifest is .vite/admin-manifest.json). One build would share chunks
 * between the two, and a chunk runs every module in it when imported: the console loaded the
 * players' first-page chunk, which starts the Mini App (main.tsx), and the players' chunk groups
 * would have had to bend around the console. Apart, neither graph knows the other
 * (docs/decisions.md, entry 26; apps/core/src/webBundle.test.ts).
 */
export const adminBuildConfig = (outDir: string): InlineConfig => ({
  configFile: false,
  root: 'apps/web',
  base: '/',
  logLevel: 'warn',
  plugins: [react()],
  build: {
    outDir,
    emptyOutDir: false,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    manifest: '.vite/admin-manifest.json',
    rolldownOptions: {
      input: { admin: path.resolve('apps/web/admin.html') },
      // React DOM, and the other libraries, apart from the console's own code (which changes more often).
      output: {
        codeSplitting: {
          groups: [
            { name: 'admin-react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
            { name: 'admin-libs', test: /node_modules[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});

function adminConsoleBuild(): Plugin {
  let outDir = '';
  return {
    name: 'prism-admin-console-build',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build(adminBuildConfig(outDir));
    },
  };
}

/** `npm run dev`: /admin and every path under it get admin.html, as core answers them (its router reads the path). */
function adminConsoleDev(): Plugin {
  return {
    name: 'prism-admin-console-dev',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/admin(\/|\?|$)/.test(req.url)) req.url = '/admin.html';
        next();
      });
    },
  };
}

export default defineConfig({
  root: 'apps/web',
  base: '/',
  plugins: [react(), reactRouterProduction(), firstPageChunks(), adminConsoleBuild(), adminConsoleDev()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Read by `npm run bench -- web` to report sizes per route.
    manifest: true,
    rolldownOptions: {
      // The early entry is not in index.html: core adds it where it helps (see earlyEntry.ts).
      // admin.html, the operator console, is built apart (adminConsoleBuild), so its code never reaches players.
      input: { index: path.resolve('apps/web/index.html'), early: earlyEntry },
      output: {
        codeSplitting: {
          groups: [
            // What the early entry runs (the API client, the token; React's small core package, which
            // the token store imports, but not React DOM): its own chunk, so it runs without waiting for vendor.
            { name: 'early-deps', test: (id) => captured.early.has(id) && id !== earlyEntry && !SHARED_LIBRARIES.test(id), priority: 40 },
            { name: 'vendor', test: VENDOR, priority: 30 },
            { name: 'first', test: (id) => captured.login.has(id) && !SHARED_LIBRARIES.test(id), priority: 20 },
            { name: 'home', test: (id) => captured.home.has(id) && !SHARED_LIBRARIES.test(id), priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    host: true,
    proxy: { '/core': { target: apiTarget, changeOrigin: true } },
  },
  preview: { port: 4173 },
});
