import { maskPhone } from '@prism/domain';
import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import { smsOutbox } from './schema';

export interface SmsMessage {
  areaCode: string;
  phone: string;
  purpose: string;
  text: string;
}

/** Where SMS go. Providers are swapped by configuration (SMS_PROVIDER); services only see this. */
export interface SmsProvider {
  readonly name: string;
  send(message: SmsMessage): Promise<void>;
}

/**
 * The default provider: writes the message to the sms_outbox table and logs
 * that it did (without the text, which holds the code). Read it with
 * `npm run ops -- outbox` or, in development, at /core/dev/outbox.
 */
export function createOutboxSmsProvider(db: Database, clock: Clock, logger: Logger): SmsProvider {
  return {
    name: 'outbox',
    async send(message) {
      const [row] = await db
        .insert(smsOutbox)
        .values({ ...message, createdAt: clock.now() })
        .returning({ id: smsOutbox.id });
      logger.info(
        { outboxId: row?.id, to: `+${message.areaCode} ${maskPhone(message.phone)}`, purpose: message.purpose },
        'sms written to outbox',
      );
    },
  };
}

/**
 * A production adapter for an HTTP SMS gateway: POSTs JSON
 * `{ to, text }` with a bearer token and treats any 2xx as accepted.
 * Most gateways (or a small relay in front of one) accept this shape.
 */
export function createHttpSmsProvider(
  options: { url: string; token?: string | undefined; timeoutMs?: number },
  fetchImpl: typeof fetch = fetch,
): SmsProvider {
  return {
    name: 'http',
    async send(message) {
      const response = await fetchImpl(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: `+${message.areaCode}${message.phone}`, text: message.text, purpose: message.purpose }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
    },
  };
}

/** The latest messages the outbox provider "sent", newest first (to one phone when given): the operator's and developer's view. */
export async function latestSmsOutbox(db: Executor, limit: number, phone?: string) {
  const where = phone ? eq(smsOutbox.phone, phone) : undefined;
  return db.select().from(smsOutbox).where(where).orderBy(desc(smsOutbox.id)).limit(limit);
}
