import { CONTENT_TYPES, LOCALES } from '@prism/domain';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { oneOf } from '../../db/checks';

/** The introduction pages' text, one row per type and language; a missing language falls back to en-US. */
export const contentPages = pgTable(
  'content_pages',
  {
    type: text('type').notNull(),
    locale: text('locale').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.locale] }),
    check('content_pages_type', oneOf(t.type, CONTENT_TYPES)),
    check('content_pages_locale', oneOf(t.locale, LOCALES)),
  ],
);
