#!/usr/bin/env node
/**
 * The import rules of docs/architecture.md, checked by reading the source (part of `npm run lint`).
 *
 * Core (apps/core/src):
 *  - a module is imported from outside only through its door, `modules/<m>/index.ts`;
 *  - a module never imports the composition root (services.ts, deps.ts, app.ts, server.ts, main.ts);
 *  - the ground (db/, http/, platform/) imports no module;
 *  - no loop between modules (edges: module A imports module B's door);
 *  - a module's SQL names only its own tables (another module's are reached through that module's door);
 * Web (apps/web/src):
 *  - no feature imports another feature; components/, lib/ and i18n/ import no feature;
 *  - a hook (`use*.ts`) does not import a component (`*.tsx`);
 * Everywhere: production code never imports test support (`testing/`, `*.test.ts`, `testSupport`, `fixtures`).
 *
 * Tests (`*.test.ts(x)`, `testing/`), benches and the simulation check the system from outside and may
 * reach past a door; production code may not.
 * `node scripts/boundaries.mjs` prints each violation and exits 1 when there is one;
 * `--json` prints the counts (used by the test that plants a violation).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CORE = 'apps/core/src';
const WEB = 'apps/web/src';
const COMPOSITION_ROOT = new Set(['services.ts', 'deps.ts', 'app.ts', 'server.ts', 'main.ts'].map((f) => `${CORE}/${f}`));
const GROUND = ['db', 'http', 'platform'].map((d) => `${CORE}/${d}/`);

const isTest = (file) => /\.test\.tsx?$/.test(file) || file.includes('/testing/') || file.startsWith('e2e/');
/** Benches and the simulation measure and check the whole system from outside, as tests do. */
const isTooling = (file) => isTest(file) || /^apps\/core\/src\/(bench|simulate)\//.test(file);
const isTestSupport = (file) => isTest(file) || /(^|\/)(testSupport|fixtures)\.tsx?$/.test(file);

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return walk(full);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The relative imports of a file, resolved to repository paths (`import`, `export … from`, `import()`). */
function importsOf(root, file, text) {
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']*)'/g)].map((m) => m[1]);
  return specs.map((spec) => resolve(root, path.dirname(file), spec)).filter(Boolean);
}

function resolve(root, dir, spec) {
  const base = path.join(dir, spec).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    try {
      if (statSync(path.join(root, candidate)).isFile()) return candidate;
    } catch {}
  }
  return undefined;
}

const moduleOf = (file) => file.match(/^apps\/core\/src\/modules\/([^/]+)\//)?.[1];
const featureOf = (file) => file.match(/^apps\/web\/src\/features\/([^/]+)\//)?.[1];
const isDoor = (file) => /^apps\/core\/src\/modules\/[^/]+\/index\.ts$/.test(file);

export function check(root = ROOT) {
  const files = ['apps', 'packages', 'bot'].flatMap((d) => walk(path.join(root, d))).map((f) => path.relative(root, f));
  const violations = [];
  const moduleEdges = new Map();
  const add = (rule, file, target) => violations.push({ rule, file, target });
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const target of importsOf(root, file, text)) {
      if (!isTestSupport(file) && !isTooling(file) && isTestSupport(target)) add('production imports test support', file, target);
      if (file.startsWith(CORE)) checkCore(file, target, add, moduleEdges);
      if (file.startsWith(WEB)) checkWeb(file, target, add);
    }
  }
  for (const loop of loops(moduleEdges)) add('module loop', loop.join(' -> '), '');
  for (const v of foreignTables(root, files)) add("module queries another module's table", v.file, v.table);
  return violations;
}

/** The tables each module declares (`pgTable('name'` in its schema.ts). */
function tableOwners(root, files) {
  const owners = new Map();
  for (const file of files.filter((f) => /^apps\/core\/src\/modules\/[^/]+\/schema\.ts$/.test(f))) {
    for (const m of readFileSync(path.join(root, file), 'utf8').matchAll(/pgTable\(\s*'([a-z_0-9]+)'/g)) owners.set(m[1], moduleOf(file));
  }
  return owners;
}

/** Raw SQL in a module's production code that reads or writes a table another module owns. */
function foreignTables(root, files) {
  const owners = tableOwners(root, files);
  const found = [];
  for (const file of files.filter((f) => moduleOf(f) && !isTooling(f) && !f.endsWith('/schema.ts'))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const seen = new Set();
    for (const m of text.matchAll(/\b(?:from|join|update|into)\s+"?([a-z_][a-z_0-9]*)"?/gi)) {
      const table = m[1];
      const owner = owners.get(table);
      if (owner && owner !== moduleOf(file) && !seen.has(table)) {
        seen.add(table);
        found.push({ file, table: `${table} (${owner})` });
      }
    }
  }
  return found;
}

function checkCore(file, target, add, moduleEdges) {
  const from = moduleOf(file);
  const to = moduleOf(target);
  if (from && COMPOSITION_ROOT.has(target) && !isTest(file)) add('module imports the composition root', file, target);
  if (GROUND.some((g) => file.startsWith(g)) && to && !isTest(file)) add('ground imports a module', file, target);
  if (!to || to === from) return;
  if (!isDoor(target) && !isTooling(file)) add('import past a module door', file, target);
  if (from && !isTest(file)) {
    if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
    moduleEdges.get(from).add(to);
  }
}

function checkWeb(file, target, add) {
  const from = featureOf(file);
  const to = featureOf(target);
  if (to && from && to !== from) add('feature imports another feature', file, target);
  if (to && !from && /^apps\/web\/src\/(components|lib|i18n)\//.test(file)) add('shared web code imports a feature', file, target);
  if (/(^|\/)use[A-Z][^/]*\.ts$/.test(file) && target.endsWith('.tsx')) add('hook imports a component', file, target);
}

/** Each elementary cycle once (Tarjan's strongly connected components, then one cycle per component). */
function loops(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return components;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv.includes('--root') ? path.resolve(process.argv[process.argv.indexOf('--root') + 1]) : ROOT;
  const violations = check(root);
  if (process.argv.includes('--json')) {
    const counts = {};
    for (const v of violations) counts[v.rule] = (counts[v.rule] ?? 0) + 1;
    console.log(JSON.stringify({ total: violations.length, counts, violations }));
  } else {
    for (const v of violations) console.error(`${v.rule}: ${v.file}${v.target ? ` -> ${v.target}` : ''}`);
    if (violations.length > 0) console.error(`\n${violations.length} import(s) break docs/architecture.md's rules.`);
  }
  process.exit(violations.length > 0 ? 1 : 0);
}
