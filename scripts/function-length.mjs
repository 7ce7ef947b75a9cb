#!/usr/bin/env node
/**
 * No product function over 80 lines (docs/architecture.md): part of `npm run lint`.
 * Product code is apps/*\/src, packages/*\/src and bot/src without tests, test support, benches and
 * simulations. A function's length is its lines from the first to the last, its nested functions
 * included (a factory that is a whole file counts as the whole file). `--list N` prints every
 * function over N lines instead.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
export const LIMIT = 80;
const AREAS = ['apps/core/src', 'apps/web/src', 'packages/domain/src', 'packages/client/src', 'bot/src'];
const EXEMPT = /(\.test\.tsx?$|\/testing\/|\/bench\/|\/simulate\/|(^|\/)(testSupport|fixtures)\.ts$)/;

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  const parent = node.parent;
  if (parent && (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return '(anonymous)';
}

export function longFunctions(limit = LIMIT, root = ROOT) {
  const found = [];
  for (const area of AREAS) {
    for (const full of walk(path.join(root, area))) {
      const file = path.relative(root, full);
      if (EXEMPT.test(file)) continue;
      const source = ts.createSourceFile(file, readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node) => {
        if (isFunction(node) && node.body) {
          const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const last = source.getLineAndCharacterOfPosition(node.end).line;
          const lines = last - first + 1;
          if (lines > limit) found.push({ file, line: first + 1, name: nameOf(node), lines });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return found.sort((a, b) => b.lines - a.lines);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const listAt = process.argv.indexOf('--list');
  const limit = listAt > 0 ? Number(process.argv[listAt + 1] ?? LIMIT) : LIMIT;
  const found = longFunctions(limit);
  for (const f of found) console.error(`${f.file}:${f.line} ${f.name}: ${f.lines} lines`);
  if (found.length > 0 && listAt < 0) console.error(`\n${found.length} function(s) over ${LIMIT} lines: split them into named steps.`);
  process.exit(found.length > 0 && listAt < 0 ? 1 : 0);
}
