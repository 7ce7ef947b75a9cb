import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR_ROLES, type OperatorRole, PERMISSIONS, type Permission, roleCan } from '@prism/domain';
import express, { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AppRoute,
  appRoutes,
  createOperatorInApp,
  createTestContext,
  registerUser,
  TEST_BREAK_GLASS_TOKEN,
  type TestContext,
} from '../testing';
import { permit } from './permit';

/**
 * The role matrix (issue 25): every /core/admin route declares its rule, every role is let through
 * exactly the routes its permissions allow, a player's token and no credential through none, and
 * docs/operations.md ("Roles and permissions") says the same as the code.
 */

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/operations.md');
const SPECIAL = ['signedIn', 'breakGlass', 'public'] as const;

let ctx: TestContext;
let routes: AppRoute[];
beforeAll(async () => {
  ctx = await createTestContext();
  routes = adminRoutes(ctx.app);
});
afterAll(() => ctx.close());

function adminRoutes(app: express.Express): AppRoute[] {
  return appRoutes(app, { access: true }).filter((r) => r.path.startsWith('/core/admin/'));
}

/** Routes whose first handler declares no rule: the walk refuses them. */
function undeclared(list: AppRoute[]): string[] {
  const known = new Set<string>([...PERMISSIONS, ...SPECIAL]);
  return list.filter((r) => !r.access || !known.has(r.access)).map((r) => `${r.method} ${r.path}`);
}

/** What the code says, as the two documentation tables. */
function renderTables(list: AppRoute[]): string {
  const matrix = [
    `| Permission | ${OPERATOR_ROLES.join(' | ')} |`,
    `|---|${OPERATOR_ROLES.map(() => ':-:|').join('')}`,
    ...PERMISSIONS.map((p) => `| \`${p}\` | ${OPERATOR_ROLES.map((role) => (roleCan(role, p) ? '✓' : ' ')).join(' | ')} |`),
  ];
  const byRoute = [
    '| Method | Route | Permission |',
    '|---|---|---|',
    ...[...list]
      .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
      .map((r) => `| ${r.method} | \`${r.path.replace(/^\/core\/admin/, '')}\` | \`${r.access}\` |`),
  ];
  return `${matrix.join('\n')}\n\n${byRoute.join('\n')}`;
}

type DocTables = { grants: Record<string, string[]>; routes: string[] };

function tablesOf(markdown: string): DocTables {
  const start = markdown.indexOf('\n## Roles and permissions');
  if (start < 0) throw new Error('docs/operations.md has no "## Roles and permissions" section');
  const rest = markdown.slice(start + 1);
  const next = rest.indexOf('\n## ', 1);
  const section = next < 0 ? rest : rest.slice(0, next);
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|[-:| ]+\|$/.test(line.trim()))
    .map((line) =>
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim().replace(/`/g, '')),
    );
  const header = rows.find((r) => r[0] === 'Permission');
  const grants: Record<string, string[]> = {};
  const out: string[] = [];
  for (const row of rows) {
    if (row[0] === 'Permission' || row[0] === 'Method') continue;
    if (row.length === 3) out.push(`${row[0]} /core/admin${row[1]} ${row[2]}`);
    else if (header) grants[row[0] as string] = header.slice(1).filter((_, i) => row[i + 1] === '✓');
  }
  return { grants, routes: out.sort() };
}

function tablesOfCode(list: AppRoute[]): DocTables {
  const grants = Object.fromEntries(PERMISSIONS.map((p) => [p, OPERATOR_ROLES.filter((role) => roleCan(role, p))]));
  return { grants, routes: list.map((r) => `${r.method} ${r.path} ${r.access}`).sort() };
}

/** Whether `role` may pass the route's rule. */
function allowed(access: string, role: OperatorRole | 'breakGlass'): boolean {
  if (access === 'public') return true;
  if (access === 'breakGlass') return role === 'breakGlass';
  if (role === 'breakGlass') return false;
  if (access === 'signedIn') return true;
  return roleCan(role, access as Permission);
}

async function call(route: AppRoute, headers: Record<string, string>): Promise<number> {
  // Path parameters name nothing that exists: the walk is about who gets in, not what happens.
  const target = route.path.replace(/^\/core/, '').replace(/:[A-Za-z]+/g, '999999');
  const response = await ctx.api.fetch(
    target,
    route.method === 'GET'
      ? { headers }
      : { method: route.method, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: '' },
  );
  const envelope = (await response.json()) as { code: number; message: string };
  expect(envelope.code, `${route.method} ${route.path}: ${envelope.message}`).not.toBe(500);
  return envelope.code;
}

describe('the role matrix', () => {
  it('every admin route declares its rule', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(undeclared(routes)).toEqual([]);
  });

  it('a route without permit() fails the walk', () => {
    const app = express();
    const admin = Router();
    admin.get('/declared', permit('audit.read'), (_req, res) => res.end());
    admin.post('/forgotten', (_req, res) => res.end());
    const core = Router();
    core.use('/admin', admin);
    app.use('/core', core);
    expect(undeclared(adminRoutes(app))).toEqual(['POST /core/admin/forgotten']);
  });

  it('docs/operations.md shows the same matrix and the same routes as the code', async () => {
    const doc = tablesOf(await readFile(DOC, 'utf8'));
    const code = tablesOfCode(routes);
    const hint = `docs/operations.md, "## Roles and permissions", should hold:\n\n${renderTables(routes)}\n`;
    expect(doc.grants, hint).toEqual(code.grants);
    expect(doc.routes, hint).toEqual(code.routes);
  });

  it('each role reaches exactly what its permissions allow; a player and nobody reach nothing', async () => {
    const player = await registerUser(ctx);
    const callers: [OperatorRole | 'breakGlass', Record<string, string>][] = [];
    for (const role of OPERATOR_ROLES) callers.push([role, { Authorization: `Ops ${(await createOperatorInApp(ctx, role)).apiToken}` }]);
    callers.push(['breakGlass', { Authorization: `Ops ${TEST_BREAK_GLASS_TOKEN}` }]);
    // A console session of a role goes through the same guard: one role is enough to show it.
    const support = await createOperatorInApp(ctx, 'support');
    callers.push(['support', support.console]);
    const wrong: string[] = [];
    // Signing out ends the console caller's session: walked last.
    const logoutLast = [...routes].sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));
    for (const route of logoutLast) {
      const access = route.access as string;
      const label = `${route.method} ${route.path} (${access})`;
      if (access !== 'public') {
        const none = await call(route, {});
        if (none !== 401) wrong.push(`${label}, no credential: ${none}`);
        const asPlayer = await call(route, { Authorization: player.token, 'X-Access-Token': player.token });
        if (asPlayer !== 401 && asPlayer !== 403) wrong.push(`${label}, player: ${asPlayer}`);
      }
      for (const [role, headers] of callers) {
        const code = await call(route, headers);
        const refused = code === 401 || code === 403;
        if (allowed(access, role) === refused) wrong.push(`${label}, ${role}: ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});
