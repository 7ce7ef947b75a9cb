/// <reference types="vitest/config" />
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
/** The operator console's entry (admin.html): its modules stay out of the players' first-page chunk. */
const adminEntry = `${src}/admin/main.tsx`;
const captured = { early: new Set<string>(), login: new Set<string>(), home: new Set<string>(), admin: new Set<string>() };
/** With react-i18next's own dependencies (use-sync-external-store, html-parse-stringify), which every page runs too. */
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|use-sync-external-store|html-parse-stringify|cookie|set-cookie-parser)[\\/]/;

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
      walk([adminEntry], captured.admin);
    },
    // For core (apps/core/src/webIndex.ts): the home page's chunk, named in a modulepreload link of
    // the home page's index.html only, so that it loads alongside the entry's chunks; and the early
    // entry (first the script, then the chunks it imports), named on the home and entry pages.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
      // The console must not load the chunk that starts the players' app (main.tsx renders it on import).
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const consoleFiles = new Set<string>();
      const queue = chunks.filter((chunk) => chunk.moduleIds.includes(adminEntry)).map((chunk) => chunk.fileName);
      while (queue.length) {
        const file = queue.pop() as string;
        if (consoleFiles.has(file)) continue;
        consoleFiles.add(file);
        queue.push(...(byFile.get(file)?.imports ?? []));
      }
      for (const file of consoleFiles) {
        if (byFile.get(file)?.moduleIds.includes(`${src}/main.tsx`))
          this.error(`the console (admin.html) imports ${file}, which starts the players' app`);
      }
      const home = chunks.find((chunk) => chunk.moduleIds.includes(`${src}/app/routes/home.tsx`));
      const homeShared = chunks.find((chunk) => chunk.name === 'home-shared');
      const early = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === earlyEntry);
      const preloads = {
        home: [home, homeShared].flatMap((chunk) => (chunk ? [`/${chunk.fileName}`] : [])),
        early: early ? [early.fileName, ...early.imports].map((file) => `/${file}`) : [],
      };
      this.emitFile({ type: 'asset', fileName: '.vite/page-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

export default defineConfig({
  root: 'apps/web',
  base: '/',
  plugins: [react(), firstPageChunks()],
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
      // admin.html is the operator console (src/admin): its own entry, so its code never reaches players.
      input: { index: path.resolve('apps/web/index.html'), admin: path.resolve('apps/web/admin.html'), early: earlyEntry },
      output: {
        codeSplitting: {
          groups: [
            // What the early entry runs (the API client, the token; React's small core package, which
            // the token store imports, but not React DOM): its own chunk, so it runs without waiting for vendor.
            { name: 'early-deps', test: (id) => captured.early.has(id) && id !== earlyEntry && !SHARED_LIBRARIES.test(id), priority: 40 },
            // With what the console shares with the players' first page (domain messages, say): both load vendor
            // anyway, and the console then never needs the chunk that holds the players' main.tsx.
            { name: 'vendor', test: (id) => VENDOR.test(id) || (captured.admin.has(id) && captured.login.has(id)), priority: 30 },
            // Not what the console also uses: the console would then load this chunk, and with it the players' main.tsx.
            { name: 'first', test: (id) => captured.login.has(id) && !captured.admin.has(id) && !SHARED_LIBRARIES.test(id), priority: 20 },
            // What home adds that the console uses too (react-query): its own chunk, preloaded with home's,
            // because the home chunk imports the first page's, which starts the players' app.
            {
              name: 'home-shared',
              test: (id) => captured.home.has(id) && captured.admin.has(id) && !SHARED_LIBRARIES.test(id),
              priority: 15,
            },
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
