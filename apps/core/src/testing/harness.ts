import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { decodeResponse, type Envelope } from '@prism/domain';
import { desc, eq } from 'drizzle-orm';
import { createApp } from '../app';
import { type Config, loadConfig } from '../config';
import type { Database } from '../db/client';
import type { CoreDeps } from '../deps';
import { createServerFor } from '../http/appClasses';
import { answerClientErrorsWithEnvelope } from '../http/clientErrors';
import { metricsSources } from '../metricsRoute';
import { smsOutbox } from '../modules/sms/schema';
import { ManualClock } from '../platform/clock';
import { createEventBus } from '../platform/events';
import { silentLogger } from '../platform/logger';
import { createMetrics } from '../platform/metrics';
import { cryptoRandom } from '../platform/random';
import { createServices, type Services } from '../services';
import { createTestDatabase } from './database';
import { seedOperator } from './operators';

export const TEST_BOT_TOKEN = '123456789:TEST-prism-bot-token-for-tests-only';
export const TEST_SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
/** The personal API token of the harness's owner operator 'test-owner' (`Authorization: Ops ${TEST_OPS_TOKEN}`). */
export const TEST_OPS_TOKEN = 'test-ops-token-0123456789abcdef';
/** The break-glass token (OPS_TOKEN) of test apps: it only creates the first owner. */
export const TEST_BREAK_GLASS_TOKEN = 'test-break-glass-token-0123456789abcdef';
/** The harness's owner operator, whose API token is TEST_OPS_TOKEN. */
export const TEST_OWNER_LOGIN = 'test-owner';

export interface TestContext {
  url: string;
  app: ReturnType<typeof createApp>;
  db: Database;
  clock: ManualClock;
  config: Config;
  services: Services;
  api: TestApi;
  close(): Promise<void>;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  /** The PostgreSQL pool's connections (20): 1 makes every call made while another runs wait for it (statements read together). */
  poolSize?: number;
  deps?: Partial<Pick<CoreDeps, 'sms' | 'botTransport' | 'random' | 'beacon' | 'logger'>>;
}

/**
 * A real core app on a fresh database, listening on a loopback port, with a
 * manual clock. Nothing of ours is mocked: tests speak HTTP to it.
 */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const database = await createTestDatabase({ poolSize: options.poolSize });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prism-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SKIP_WEB: 'true',
    DEV_OUTBOX: 'true',
    BOT_TOKEN: TEST_BOT_TOKEN,
    RATE_LIMIT_AUTH_PER_MINUTE: '100000',
    RATE_LIMIT_SMS_PER_MINUTE: '100000',
    RATE_LIMIT_GIFT_CODE_PER_MINUTE: '100000',
    RATE_LIMIT_GIVE_POWER_PER_MINUTE: '100000',
    PUBLIC_URL: 'http://prism.test',
    GAME_CHAIN_LENGTH: '1000',
    // Tests change sessions and accounts by hand too; the cache has its own test (auth.api.test.ts).
    AUTH_SESSION_CACHE_SECONDS: '0',
    ...options.env,
  });
  const clock = new ManualClock(new Date());
  const events = await createEventBus(database, database.db, silentLogger);
  const deps: CoreDeps = {
    events,
    config,
    db: database.db,
    clock,
    random: options.deps?.random ?? cryptoRandom,
    logger: options.deps?.logger ?? silentLogger,
    secret: TEST_SECRET,
    opsToken: TEST_BREAK_GLASS_TOKEN,
    // As server.ts builds them, without Node's process metrics (every test file would start their monitors).
    metrics: createMetrics({ clock, processMetrics: false }),
    ...(options.deps?.sms ? { sms: options.deps.sms } : {}),
    ...(options.deps?.botTransport ? { botTransport: options.deps.botTransport } : {}),
    ...(options.deps?.beacon ? { beacon: options.deps.beacon } : {}),
  };
  const services = createServices(deps);
  deps.metrics?.setSources(metricsSources(deps, services));
  // The token's row id is far from the first ids, so a test revoking token 1 does not revoke it.
  await seedOperator(database.db, clock, { login: TEST_OWNER_LOGIN, role: 'owner', apiToken: TEST_OPS_TOKEN, tokenId: 900_000_001 });
  const app = createApp(deps, services);
  // Made as server.ts makes it: requests born with the app's prototypes (http/appClasses.ts).
  const server = createServerFor(app).listen(0, '127.0.0.1');
  answerClientErrorsWithEnvelope(server);
  // Only the client closes idle keep-alive connections here. With Node's default 5 s the server
  // and fetch's pool race to close a connection that sat idle while a test ran a long job in this
  // same process (PGlite blocks the event loop): fetch then reuses a socket the server is closing
  // and fails with ECONNRESET. server.close() still ends idle connections.
  server.keepAliveTimeout = 0;
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    app,
    db: database.db,
    clock,
    config,
    services,
    api: new TestApi(url),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.game.scheduler.stop();
      await events.stop();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type Form = Record<string, string | string[]>;

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** Raw HTTP calls to /core/, answering the parsed envelope and the HTTP status. */
export class TestApi {
  constructor(readonly baseUrl: string) {}

  headers(options: CallOptions = {}): Record<string, string> {
    return {
      ...(options.token ? { Authorization: options.token, 'X-Access-Token': options.token } : {}),
      ...options.headers,
    };
  }

  async post<T = unknown>(pathname: string, form: Form = {}, options: CallOptions = {}): Promise<Envelope<T>> {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const v of [value].flat()) body.append(key, v);
    return this.send<T>(pathname, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...this.headers(options) },
    });
  }

  async get<T = unknown>(pathname: string, query: Record<string, string> = {}, options: CallOptions = {}): Promise<Envelope<T>> {
    const search = new URLSearchParams(query).toString();
    return this.send<T>(`${pathname}${search ? `?${search}` : ''}`, { method: 'GET', headers: this.headers(options) });
  }

  /** Any request; the answer must still be an HTTP 200 envelope. */
  async send<T = unknown>(pathname: string, init: RequestInit): Promise<Envelope<T>> {
    const response = await this.fetch(pathname, init);
    const text = await response.text();
    if (response.status !== 200) throw new Error(`HTTP ${response.status} for ${pathname}: ${text.slice(0, 200)}`);
    // Encrypted answers (tapingV2 always, or with Encryption: 1) come scrambled after 'POST:'.
    return JSON.parse(text.startsWith('POST:') ? decodeResponse(text) : text) as Envelope<T>;
  }

  fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    return fetch(`${this.baseUrl}/core${pathname}`, init);
  }
}

let phoneCounter = 0;
/** A ten-digit phone number unique within this test process. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `9${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(5, '0')}`;
}

/** The code in the latest SMS written to the outbox for this phone. */
export async function lastSmsCode(db: Database, phone: string): Promise<string> {
  const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = row?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no SMS code for ${phone}`);
  return code;
}

export interface TestUser {
  id: number;
  phone: string;
  password: string;
  token: string;
  invitation: string;
}

/** Registers a user through the real endpoints (SMS code from the outbox) and logs them in. */
export async function registerUser(
  ctx: TestContext,
  options: { invitationCode?: string; password?: string; headers?: Record<string, string> } = {},
): Promise<TestUser> {
  const phone = nextPhone();
  const password = options.password ?? 'secret123';
  const sent = await ctx.api.post('/app/sms/sendSmsCodeNoAuth', { phone, type: 'register' });
  if (sent.code !== 200) throw new Error(`sendSmsCodeNoAuth: ${sent.message}`);
  const code = await lastSmsCode(ctx.db, phone);
  const form: Form = { phone, password, confirmPassword: password, code };
  if (options.invitationCode) form.invitationCode = options.invitationCode;
  const registered = await ctx.api.post<{ token: string }>('/app/auth/register', form, { headers: options.headers ?? {} });
  if (registered.code !== 200) throw new Error(`register: ${registered.message}`);
  const info = await ctx.api.get<{ id: number; invitation: string }>('/app/user/getUserInfo', {}, { token: registered.result.token });
  return { id: info.result.id, phone, password, token: registered.result.token, invitation: info.result.invitation };
}
