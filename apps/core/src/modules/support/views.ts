import type { SupportAdminMessageView, SupportMessageView, SupportVia } from '@prism/domain';
import type { SupportMessageRow } from './schema';

export function playerView(row: SupportMessageRow): SupportMessageView {
  return {
    id: row.id,
    author: row.author === 'operator' ? 'operator' : 'player',
    text: row.body,
    attachmentUrl: row.attachmentUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export function adminView(row: SupportMessageRow): SupportAdminMessageView {
  return { ...playerView(row), operatorLogin: row.operatorLogin, via: row.via as SupportVia };
}
