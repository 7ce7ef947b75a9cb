import { HttpClient } from '@prism/client';
import type { OperatorRole } from '@prism/domain';
import type { Database } from '../db/client';
import { operatorApiTokens, operators } from '../modules/operator/schema';
import { totpCode } from '../modules/operator/secrets';
import { openSession } from '../modules/operator/sessions';
import type { Clock } from '../platform/clock';
import { sha256Hex } from '../platform/hash';
import { hashPassword } from '../platform/passwords';
import type { TestContext } from './harness';

/**
 * Operators for tests. In-process tests seed them straight into the database (the harness's
 * test owner, one per role for the role matrix); spawned servers are provisioned through the
 * real API with the break-glass token, as a person would with the setup link.
 */

export const TEST_OPERATOR_PASSWORD = 'operator-password-for-tests';

let seeded = 0;

/** An active operator with a known personal API token (and, optionally, a Telegram id); testing only. */
export async function seedOperator(
  db: Database,
  clock: Clock,
  input: { login: string; role: OperatorRole; apiToken: string; telegramId?: number; tokenId?: number; password?: string },
): Promise<{ id: number }> {
  const [row] = await db
    .insert(operators)
    .values({
      login: input.login,
      role: input.role,
      status: 'active',
      passwordHash: input.password ? await hashPassword(input.password) : null,
      telegramId: input.telegramId ?? null,
      createdBy: 0,
      createdAt: clock.now(),
    })
    .returning({ id: operators.id });
  if (!row) throw new Error('operator not seeded');
  await db.insert(operatorApiTokens).values({
    ...(input.tokenId ? { id: input.tokenId } : {}),
    operatorId: row.id,
    name: 'test',
    tokenHash: sha256Hex(input.apiToken),
    createdAt: clock.now(),
  });
  return row;
}

export interface TestOperator {
  id: number;
  login: string;
  role: OperatorRole;
  /** For `Authorization: Ops <apiToken>`. */
  apiToken: string;
  /** A console session: send `cookie` as the Cookie header and `csrf` as X-CSRF-Token. */
  cookie: string;
  csrf: string;
  /** Headers of a console call (cookie and CSRF header). */
  console: Record<string, string>;
}

/** A new active operator of `role` in the test app, with an API token and a console session. */
export async function createOperatorInApp(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  role: OperatorRole,
  options: { login?: string; telegramId?: number } = {},
): Promise<TestOperator> {
  seeded += 1;
  const login = options.login ?? `${role}-${process.pid}-${seeded}`;
  const apiToken = `test-${login}-token`;
  const { id } = await seedOperator(ctx.db, ctx.clock, {
    login,
    role,
    apiToken,
    ...(options.telegramId ? { telegramId: options.telegramId } : {}),
  });
  const session = await openSession(ctx.db, ctx.clock, id, { address: '127.0.0.1', userAgent: 'test' });
  const cookie = `prism_ops_session=${session.token}; prism_ops_csrf=${session.csrf}`;
  return { id, login, role, apiToken, cookie, csrf: session.csrf, console: { Cookie: cookie, 'X-CSRF-Token': session.csrf } };
}

/** What `npm run ops` uses: an HTTP client on /core/ signing with `Authorization: Ops <token>`. */
export function opsHttp(baseUrl: string, token: string): HttpClient {
  return new HttpClient({ baseURL: `${baseUrl.replace(/\/$/, '')}/core/`, getToken: () => `Ops ${token}` });
}

export interface ProvisionedOperator {
  login: string;
  password: string;
  totpSecret: string;
  apiToken: string;
  /** The recovery codes still unused (one signed in here). */
  recoveryCodes: string[];
}

/**
 * An operator made through the real API, as a person would: the break-glass token bootstraps the
 * first owner (an owner's API token creates any other), the setup link is completed with a TOTP
 * code, the operator signs in (with a recovery code: the setup spent the current TOTP step) and
 * creates an API token. `now` is the server's clock when it is not the wall clock.
 */
export async function provisionOperator(
  baseUrl: string,
  token: string,
  input: { login: string; role: OperatorRole; telegramId?: number },
  now: () => Date = () => new Date(),
): Promise<ProvisionedOperator> {
  const admin = (auth?: string, headers: Record<string, string> = {}) =>
    new HttpClient({ baseURL: `${baseUrl.replace(/\/$/, '')}/core/admin/`, getToken: () => auth, extraHeaders: () => headers });
  const created =
    input.role === 'owner'
      ? await admin(`Ops ${token}`)
          .post<{ setupUrl: string }>('operators/bootstrap', { login: input.login })
          .catch(() => admin(`Ops ${token}`).post<{ setupUrl: string }>('operators', { login: input.login, role: input.role }))
      : await admin(`Ops ${token}`).post<{ setupUrl: string }>('operators', {
          login: input.login,
          role: input.role,
          ...(input.telegramId ? { telegramId: String(input.telegramId) } : {}),
        });
  const setupToken = created.setupUrl.split('/').pop() as string;
  const info = await admin().get<{ secret: string }>('auth/setup', { token: setupToken });
  const password = `${TEST_OPERATOR_PASSWORD}-${input.login}`;
  const setup = await admin().post<{ recoveryCodes: string[] }>('auth/setup', {
    token: setupToken,
    password,
    code: totpCode(info.secret, now()),
  });
  const [first, ...recoveryCodes] = setup.recoveryCodes;
  const response = await fetch(`${baseUrl.replace(/\/$/, '')}/core/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ login: input.login, password, code: first as string }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] as string);
  const csrf = cookies.find((c) => c.startsWith('prism_ops_csrf='))?.split('=')[1] ?? '';
  const made = await admin(undefined, { Cookie: cookies.join('; '), 'X-CSRF-Token': csrf }).post<{ token: string }>('auth/tokens', {
    name: `test ${input.login}`,
  });
  return { login: input.login, password, totpSecret: info.secret, apiToken: made.token, recoveryCodes };
}
