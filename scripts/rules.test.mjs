import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { check } from './boundaries.mjs';
import { longFunctions } from './function-length.mjs';

/**
 * The lint's own rules (scripts/boundaries.mjs, scripts/function-length.mjs), each shown failing on a
 * planted violation in a small tree of its own, and quiet on the same tree without it.
 */
let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function tree(files) {
  root = mkdtempSync(path.join(tmpdir(), 'prism-rules-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const M = 'apps/core/src/modules';
/** Two modules with doors, a composition root, the ground and a web app that keep every rule. */
const clean = {
  [`${M}/user/schema.ts`]: "export const users = pgTable('users', {});\n",
  [`${M}/user/service.ts`]: "import { users } from './schema';\nexport const findUser = () => users;\n",
  [`${M}/user/index.ts`]: "export { findUser } from './service';\n",
  [`${M}/game/service.ts`]: "import { findUser } from '../user';\nexport const bet = () => findUser();\n",
  [`${M}/game/index.ts`]: "export { bet } from './service';\n",
  [`${M}/game/service.test.ts`]: "import { users } from '../user/schema';\nexport const t = users;\n",
  'apps/core/src/services.ts': "import { bet } from './modules/game';\nexport const s = bet;\n",
  'apps/core/src/db/client.ts': 'export const db = 1;\n',
  'apps/web/src/features/home/Home.tsx': "import { Button } from '../../components/Button';\nexport const H = Button;\n",
  'apps/web/src/features/home/useHome.ts': "import { money } from '../../lib/money';\nexport const useHome = () => money;\n",
  'apps/web/src/components/Button.tsx': 'export const Button = 1;\n',
  'apps/web/src/lib/money.ts': 'export const money = 1;\n',
  'packages/domain/src/index.ts': 'export const x = 1;\n',
};

const rules = (files) => check(tree({ ...clean, ...files })).map((v) => v.rule);

describe('scripts/boundaries.mjs', () => {
  it('finds nothing in a tree that keeps the rules (a test may reach into a module)', () => {
    expect(check(tree(clean))).toEqual([]);
  });

  it.each([
    ['import past a module door', { [`${M}/game/admin.ts`]: "import { users } from '../user/schema';\nexport const a = users;\n" }],
    ['module imports the composition root', { [`${M}/game/routes.ts`]: "import { s } from '../../services';\nexport const r = s;\n" }],
    ['ground imports a module', { 'apps/core/src/db/seed.ts': "import { bet } from '../modules/game';\nexport const seed = bet;\n" }],
    ['module loop', { [`${M}/user/service.ts`]: "import { bet } from '../game';\nexport const findUser = () => bet;\n" }],
    ["module queries another module's table", { [`${M}/game/stats.ts`]: 'export const q = sql`select count(*) from users`;\n' }],
    [
      'feature imports another feature',
      { 'apps/web/src/features/team/Team.tsx': "import { H } from '../home/Home';\nexport const T = H;\n" },
    ],
    [
      'shared web code imports a feature',
      { 'apps/web/src/lib/bad.ts': "import { H } from '../features/home/Home';\nexport const b = H;\n" },
    ],
    [
      'hook imports a component',
      { 'apps/web/src/features/home/useBad.ts': "import { H } from './Home';\nexport const useBad = () => H;\n" },
    ],
    [
      'production imports test support',
      {
        'apps/core/src/cli/ops.ts': "import { harness } from '../testing/harness';\nexport const o = harness;\n",
        'apps/core/src/testing/harness.ts': 'export const harness = 1;\n',
      },
    ],
  ])('fails on a planted "%s"', (rule, files) => {
    expect(rules(files)).toContain(rule);
  });
});

describe('scripts/function-length.mjs', () => {
  const body = (lines) => `export function long() {\n${'  void 0;\n'.repeat(lines - 2)}}\n`;

  it('finds a product function over 80 lines, and only that one', () => {
    tree({ 'apps/core/src/modules/game/service.ts': `${body(81)}export function short() {\n  return 1;\n}\n` });
    expect(longFunctions(80, root).map((f) => [f.name, f.lines])).toEqual([['long', 81]]);
  });

  it('lets 80 lines pass, and tests, test support and benches be as long as they need', () => {
    tree({
      'apps/core/src/modules/game/service.ts': body(80),
      'apps/core/src/modules/game/service.test.ts': body(200),
      'apps/core/src/testing/harness.ts': body(200),
      'apps/core/src/bench/http.ts': body(200),
      'apps/web/src/features/home/Home.tsx': body(80),
    });
    expect(longFunctions(80, root)).toEqual([]);
  });
});
