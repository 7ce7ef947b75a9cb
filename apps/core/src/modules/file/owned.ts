import { UPLOAD_URL_PREFIX } from '@prism/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads } from './schema';

/** An upload as another module refers to it (the support chat's attachments). */
export interface OwnedUpload {
  id: number;
  url: string;
  mimeType: string;
  size: number;
}

/**
 * The upload behind a URL the upload endpoint answered, when this user uploaded it; otherwise
 * undefined (someone else's image, or no image at all), so nobody attaches another user's file.
 */
export async function findOwnUpload(db: Executor, userId: number, url: string): Promise<OwnedUpload | undefined> {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return undefined;
  const fileName = url.slice(UPLOAD_URL_PREFIX.length);
  const [row] = await db
    .select({ id: uploads.id, fileName: uploads.fileName, mimeType: uploads.mimeType, size: uploads.size })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.fileName, fileName)))
    .orderBy(desc(uploads.id))
    .limit(1);
  return row ? { id: row.id, url: `${UPLOAD_URL_PREFIX}${row.fileName}`, mimeType: row.mimeType, size: row.size } : undefined;
}
