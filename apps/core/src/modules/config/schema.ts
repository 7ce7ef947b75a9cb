import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Operator-editable settings. Only `isPublic` rows are served by getSysCfgValue. */
export const sysConfig = pgTable('sys_config', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  description: text('description').notNull().default(''),
  isPublic: boolean('is_public').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
