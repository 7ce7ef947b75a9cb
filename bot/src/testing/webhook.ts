import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Update } from 'grammy/types';

/** One attempt to hand an update to the bot's webhook. */
export interface WebhookDelivery {
  updateId: number;
  url: string;
  /** HTTP status the webhook answered, or 0 when it could not be reached. */
  status: number;
  /** Set when the attempt failed: Telegram's words in getWebhookInfo.last_error_message. */
  error?: string;
  at: number;
}

export interface WebhookAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Telegram gives up on a webhook request after a while; the fake is impatient, tests are short. */
const DELIVERY_TIMEOUT_MS = 5_000;

/**
 * POSTs one update as Telegram does: JSON body, and the secret token header when
 * setWebhook had one. No keep-alive agent, so no socket outlives the fake.
 */
export function postUpdate(url: string, update: Update, secretToken: string | undefined, signal: AbortSignal): Promise<WebhookAnswer> {
  const body = JSON.stringify(update);
  const request = url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        signal,
        timeout: DELIVERY_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(secretToken ? { 'x-telegram-bot-api-secret-token': secretToken } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: res.headers['content-type'] ?? '',
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('Read timeout expired')));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A webhook may answer an update with one Bot API call in its body
 * (`{ "method": "sendMessage", ... }`); Telegram then performs it.
 */
export function webhookReply(answer: WebhookAnswer): { method: string; params: Record<string, unknown> } | undefined {
  if (!answer.contentType.includes('application/json') || answer.body === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(answer.body);
    if (typeof parsed !== 'object' || parsed === null || !('method' in parsed) || typeof parsed.method !== 'string') return undefined;
    const { method, ...params } = parsed as Record<string, unknown> & { method: string };
    return { method, params };
  } catch {
    return undefined;
  }
}
