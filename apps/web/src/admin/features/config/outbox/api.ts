import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../../lib/api';

/** A message the sandbox kept instead of sending (SMS) or sent/queued to Telegram (bot). */
export interface OutboxRow {
  id: number;
  phone?: string;
  areaCode?: string;
  purpose?: string;
  chatId?: number | null;
  userId?: number | null;
  kind?: string;
  status?: string;
  text: string;
  createdAt: string;
}

export type OutboxKind = 'sms' | 'bot';
export const fetchOutbox = (kind: OutboxKind) => adminApi.get<OutboxRow[]>('outbox', { kind, limit: 50 });
export const outboxQuery = (kind: OutboxKind) => queryOptions({ queryKey: ['config', 'outbox', kind], queryFn: () => fetchOutbox(kind) });
export const useOutbox = (kind: OutboxKind) => useQuery(outboxQuery(kind));
