/**
 * A local stand-in for https://api.telegram.org, so tests and local runs never reach Telegram.
 *
 *   const fake = await startFakeBotApi();
 *   const bot = createBot({ token: fake.token, apiRoot: fake.apiRoot, miniAppUrl });
 *   const polling = bot.start();
 *   fake.pushUpdate(messageUpdate({ text: '/start ABCD2345' }));
 *   const reply = await fake.waitFor('sendMessage'); // reply.params is what the bot sent
 *   await bot.stop(); await polling; await fake.stop();
 *
 * It keeps Telegram's rules where our code can break them (HTTPS-only Web App buttons,
 * 64-byte callback data, "message is not modified", update confirmation by offset...),
 * so a test that passes here does not fail on the real server for those reasons.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Message, Update, UserFromGetMe } from 'grammy/types';
import { type MethodContext, type MethodHandler, methods } from './methods';
import { FakeApiError, type Params, readParams } from './params';
import { Recorder } from './recorder';
import { FakeState } from './state';
import { UpdateQueue } from './updateQueue';
import type { UpdateDraft } from './updates';
import { postUpdate, type WebhookDelivery, webhookReply } from './webhook';

export type { MethodContext, MethodHandler } from './methods';
export { FakeApiError, type FakeUpload, type Params } from './params';
export type { WebhookDelivery } from './webhook';

/** What Telegram answers: `{ ok: true, result }` or `{ ok: false, error_code, description }`. */
export type BotApiResponse =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number; migrate_to_chat_id?: number } };

/** One request the fake received. */
export interface RecordedCall {
  /** The method as Telegram names it (sendMessage), or as requested when unknown. */
  method: string;
  /** Query string and body merged; form fields holding JSON are parsed back. */
  params: Params;
  /** Date.now() when the request arrived. */
  at: number;
  /** 'webhook-reply' for a call the bot made in its answer to a webhook delivery. */
  via: 'http' | 'webhook-reply';
  /** The answer, once sent: a long poll is recorded on arrival and answered later. */
  response?: BotApiResponse;
  /** Date.now() when it was answered: two getUpdates calls overlapped when one arrived before the other's answer. */
  answeredAt?: number;
}

export interface FakeBotApiOptions {
  /** The token the bot must use; `<botInfo.id>:fake-token-for-tests` by default. */
  token?: string;
  /** Merged over a default bot `@prism_test_bot` (id 7000000001); what getMe answers. */
  botInfo?: Partial<UserFromGetMe>;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback by default: the fake never listens on other interfaces unless asked. */
  host?: string;
  /**
   * Like Telegram, refuse to write to a chat that never sent the bot an update
   * (403 "bot can't initiate conversation with a user"). Off by default.
   */
  strictChats?: boolean;
  /** Called with each call once answered (the dev runner logs them). */
  onCall?: (call: RecordedCall) => void;
}

export interface FakeBotApi {
  /** Pass as grammY's `client: { apiRoot }`, e.g. http://127.0.0.1:40123 (no trailing slash). */
  readonly apiRoot: string;
  readonly token: string;
  readonly botInfo: UserFromGetMe;
  /** Every request, in arrival order, including refused ones. */
  readonly calls: readonly RecordedCall[];
  /** Every webhook delivery attempt, in order. */
  readonly deliveries: readonly WebhookDelivery[];
  /** Messages the bot sent and still exist (with edits applied), oldest first; only one chat's with `chatId`. */
  sent(chatId?: number): Message[];
  /**
   * Queues an update for the bot, numbering it when `update_id` is missing; a waiting
   * long poll gets it at once, a set webhook gets it POSTed. Returns the numbered update.
   */
  pushUpdate(update: UpdateDraft): Update;
  /**
   * Resolves with the oldest answered call that matches (a method name or a predicate)
   * and that no earlier waitFor returned; rejects after `timeoutMs` (3000 by default).
   */
  waitFor(match: string | ((call: RecordedCall) => boolean), timeoutMs?: number): Promise<RecordedCall>;
  /** Like waitFor, for webhook deliveries (of one update when `updateId` is given). */
  waitForDelivery(updateId?: number, timeoutMs?: number): Promise<WebhookDelivery>;
  /** Replaces (or adds) a method's handler, e.g. to make sendMessage fail; `undefined` restores the built-in one. */
  handle(method: string, handler: MethodHandler | undefined): void;
  /**
   * While true, every Bot API request has its connection dropped unanswered, as when Telegram cannot be
   * reached (grammY throws an HttpError); the control routes keep answering. Not recorded in `calls`.
   */
  setUnreachable(unreachable: boolean): void;
  /**
   * Makes `chatId` (a -100... id) a forum supergroup the bot was added to, as an administrator
   * allowed to manage topics unless `botCanManageTopics` is false. Also POST /_fake/forums.
   */
  addForum(chatId: number, options?: { title?: string; botCanManageTopics?: boolean }): void;
  /** Ends waiting long polls with [], stops webhook deliveries and closes every connection. */
  stop(): Promise<void>;
}

const DEFAULT_BOT: UserFromGetMe = {
  id: 7_000_000_001,
  is_bot: true,
  first_name: 'Prism Test Bot',
  username: 'prism_test_bot',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

const describeCalls = (calls: readonly RecordedCall[]) => (calls.length ? calls.map((call) => call.method).join(', ') : 'no calls');

function send(res: ServerResponse, response: BotApiResponse): void {
  if (res.writableEnded || res.destroyed) return; // the caller left (an aborted long poll)
  res.writeHead(response.ok ? 200 : response.error_code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(response));
}

function refusal(error: unknown): BotApiResponse {
  if (error instanceof FakeApiError) {
    return {
      ok: false,
      error_code: error.errorCode,
      description: error.description,
      ...(error.parameters ? { parameters: error.parameters } : {}),
    };
  }
  console.error('fake Bot API: handler failed', error);
  return { ok: false, error_code: 500, description: 'Internal Server Error' };
}

/** Starts a local stand-in for https://api.telegram.org that records what the bot does. */
export async function startFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  const tokenId = Number(options.token?.split(':')[0]);
  const botInfo: UserFromGetMe = {
    ...DEFAULT_BOT,
    ...(Number.isSafeInteger(tokenId) && tokenId > 0 ? { id: tokenId } : {}),
    ...options.botInfo,
  };
  const token = options.token ?? `${botInfo.id}:fake-token-for-tests`;
  const state = new FakeState(botInfo, options.strictChats ?? false);
  const calls = new Recorder<RecordedCall>(describeCalls);
  const deliveries = new Recorder<WebhookDelivery>((items) => `${items.length} deliveries`);
  const overrides = new Map<string, MethodHandler>();
  const canonical = new Map(Object.keys(methods).map((name) => [name.toLowerCase(), name]));
  const inflight = new Set<Promise<void>>();
  const stopping = new AbortController();
  let delivering: Promise<void> | undefined;
  let deliverAgain = false;
  let unreachable = false;

  const queue = new UpdateQueue((update) => {
    // What Telegram learns from an update: who talks to the bot, and which queries await an answer.
    const message = update.message ?? update.edited_message ?? update.callback_query?.message;
    if (message) state.rememberChat(message.chat, 'from' in message ? message.from : undefined);
    if (update.callback_query) {
      state.users.set(update.callback_query.from.id, update.callback_query.from);
      state.callbackQueries.set(update.callback_query.id, { answered: false });
    }
    if (update.inline_query) {
      state.users.set(update.inline_query.from.id, update.inline_query.from);
      state.inlineQueries.set(update.inline_query.id, { from: update.inline_query.from, query: update.inline_query.query });
    }
    deliverToWebhook();
  });

  async function call(method: string, params: Params, via: RecordedCall['via'], cancelled: Promise<void>): Promise<RecordedCall> {
    const name = canonical.get(method.toLowerCase()) ?? method;
    const recorded: RecordedCall = { method: name, params, at: Date.now(), via };
    calls.add(recorded);
    const handler = overrides.get(name) ?? methods[name];
    const context: MethodContext = { state, queue, cancelled, deliverToWebhook };
    try {
      if (!handler) throw new FakeApiError(404, 'Not Found');
      recorded.response = { ok: true, result: await handler(params, context) };
    } catch (error) {
      recorded.response = refusal(error);
    }
    recorded.answeredAt = Date.now();
    calls.offer(recorded);
    options.onCall?.(recorded);
    return recorded;
  }

  /** Hands queued updates to the webhook one at a time; a failure leaves the rest pending, as on Telegram. */
  function deliverToWebhook(): void {
    if (delivering) {
      deliverAgain = true; // a setWebhook or push during a delivery must not be lost
      return;
    }
    if (!state.webhook || stopping.signal.aborted) return;
    delivering = (async () => {
      for (let update = queue.peek(); update && state.webhook && !stopping.signal.aborted; update = queue.peek()) {
        const { url, secretToken } = state.webhook;
        const delivery: WebhookDelivery = { updateId: update.update_id, url, status: 0, at: Date.now() };
        try {
          const answer = await postUpdate(url, update, secretToken, stopping.signal);
          delivery.status = answer.status;
          if (answer.status >= 200 && answer.status < 300) {
            queue.confirm(update.update_id);
            const reply = webhookReply(answer);
            if (reply) await call(reply.method, reply.params, 'webhook-reply', new Promise(() => {}));
          } else {
            delivery.error = `Wrong response from the webhook: ${answer.status}`;
          }
        } catch (error) {
          delivery.error = error instanceof Error ? error.message : String(error);
        }
        if (delivery.error && state.webhook) {
          state.webhook.lastErrorDate = Math.floor(Date.now() / 1000);
          state.webhook.lastErrorMessage = delivery.error;
        }
        deliveries.add(delivery);
        if (delivery.error) break;
      }
    })().finally(() => {
      delivering = undefined;
      if (deliverAgain) {
        deliverAgain = false;
        deliverToWebhook();
      }
    });
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    if (url.pathname.startsWith('/_fake/')) {
      await control(req, res, url);
      return;
    }
    if (unreachable) {
      req.socket.destroy();
      return;
    }
    const route = /^\/bot([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (!route || (req.method !== 'GET' && req.method !== 'POST')) {
      send(res, { ok: false, error_code: 404, description: 'Not Found' });
      return;
    }
    const [, requestToken = '', method = ''] = route;
    let params: Params;
    try {
      params = await readParams(req, url);
    } catch (error) {
      send(res, refusal(error));
      return;
    }
    if (decodeURIComponent(requestToken) !== token) {
      const recorded: RecordedCall = {
        method,
        params,
        at: Date.now(),
        via: 'http',
        response: { ok: false, error_code: 401, description: 'Unauthorized' },
      };
      calls.add(recorded);
      send(res, recorded.response as BotApiResponse);
      return;
    }
    // A long poll must stop waiting when the bot aborts it (bot.stop()) or the socket dies.
    const cancelled = new Promise<void>((resolve) => res.once('close', () => resolve()));
    const recorded = await call(method, params, 'http', cancelled);
    send(res, recorded.response as BotApiResponse);
  }

  /**
   * For other processes (the dev runner, browser tests): POST /_fake/updates queues an
   * update, GET /_fake/calls and GET /_fake/sent[?chat_id=] return what was recorded.
   */
  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'POST' && url.pathname === '/_fake/updates') {
      const params = await readParams(req, url);
      json(200, queue.push(params as UpdateDraft));
    } else if (req.method === 'POST' && url.pathname === '/_fake/forums') {
      const params = await readParams(req, url);
      state.addForum(Number(params.chat_id), String(params.title ?? 'Support'), params.bot_can_manage_topics !== false);
      json(200, true);
    } else if (req.method === 'GET' && url.pathname === '/_fake/calls') {
      json(200, calls.items);
    } else if (req.method === 'GET' && url.pathname === '/_fake/sent') {
      const chatId = url.searchParams.get('chat_id');
      json(
        200,
        [...state.messages.values()].filter((message) => chatId === null || message.chat.id === Number(chatId)),
      );
    } else json(404, { ok: false, error_code: 404, description: 'Not Found' });
  }

  const server = createServer((req, res) => {
    const task = serve(req, res).catch((error: unknown) => send(res, refusal(error)));
    inflight.add(task);
    void task.finally(() => inflight.delete(task));
  });
  // Idle connections stay open until the client or stop() closes them. With Node's default of 5 s
  // the fake closed a kept-alive connection just as grammY's keep-alive agent picked it again after
  // a pause in a test, and the send failed as "Network request for 'sendMessage' failed!" (a browser
  // test's withdrawal code in CI, 2026-11-28). The harness does the same for its own client.
  server.keepAliveTimeout = 0;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    apiRoot: `http://${host}:${address.port}`,
    token,
    botInfo,
    get calls() {
      return calls.items;
    },
    get deliveries() {
      return deliveries.items;
    },
    sent: (chatId) => [...state.messages.values()].filter((message) => chatId === undefined || message.chat.id === chatId),
    pushUpdate: (update) => queue.push(update),
    waitFor: (match, timeoutMs = 3_000) =>
      calls.waitFor(
        (item) => item.response !== undefined && (typeof match === 'string' ? item.method === match : match(item)),
        timeoutMs,
        typeof match === 'string' ? `a ${match} call` : 'a matching call',
      ),
    waitForDelivery: (updateId, timeoutMs = 3_000) =>
      deliveries.waitFor(
        (item) => updateId === undefined || item.updateId === updateId,
        timeoutMs,
        `delivery of update ${updateId ?? '(any)'}`,
      ),
    handle(method, handler) {
      if (handler) {
        overrides.set(method, handler);
        canonical.set(method.toLowerCase(), method);
      } else overrides.delete(method);
    },
    setUnreachable(value) {
      unreachable = value;
    },
    addForum(chatId, forum = {}) {
      state.addForum(chatId, forum.title ?? 'Support', forum.botCanManageTopics ?? true);
    },
    async stop() {
      if (stopping.signal.aborted) return;
      stopping.abort();
      queue.stop();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...inflight, delivering]);
      server.closeAllConnections();
      await closed;
      calls.close('The fake Bot API was stopped');
      deliveries.close('The fake Bot API was stopped');
    },
  };
}
