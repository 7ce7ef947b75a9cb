// Bundles apps/core (with the workspace packages it imports, which ship TypeScript sources) into
// one ES module, apps/core/dist/main.mjs, that plain node runs: no tsx loader at run time, whose
// transpiler and module cache cost about 80 MB of the server's memory (docs/performance.md,
// "Memory"). npm packages stay external (node_modules is there at run time). `npm start` runs this
// when the bundle is missing or older than its sources; `npm run build` builds it with the web app.
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CORE_BUNDLE = path.join(root, 'apps/core/dist/main.mjs');

/**
 * Modules that locate files beside themselves (migrations, the web build, pgliteInit.mjs) use
 * import.meta.url; in the bundle it would name dist/main.mjs, so each is rewritten to the URL of
 * its own source file, relative to the bundle (the checkout can still move).
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(context) {
    context.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@prism/') ? undefined : { external: true }));
    context.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(CORE_BUNDLE), args.path).split(path.sep).join('/');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

// Modules that core imports with import() (the bot runtime and grammY, only with BOT_TOKEN) go to
// chunks of their own beside main.mjs, so that the process loads them only when it asks for them;
// in one file, ES module output would load their npm imports at start. Old chunks are removed first.
await rm(path.dirname(CORE_BUNDLE), { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'apps/core/src/main.ts') },
  outdir: path.dirname(CORE_BUNDLE),
  outExtension: { '.js': '.mjs' },
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [ownUrl],
});
