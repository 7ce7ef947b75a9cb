import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { userIdReference } from '../user';

/** Uploaded images; the bytes live on disk under DATA_DIR/uploads, named by content hash. */
export const uploads = pgTable(
  'uploads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull().references(userIdReference),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // Another module names an upload by its URL (a support attachment): found by owner and file name.
  (t) => [index('uploads_user_file_idx').on(t.userId, t.fileName)],
);
