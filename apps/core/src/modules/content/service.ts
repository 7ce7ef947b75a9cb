import { type ContentPage, type ContentType, DEFAULT_CONTENT, DEFAULT_LOCALE, FORMER_DEFAULT_CONTENT, type Locale } from '@prism/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { contentPages } from './schema';

export interface ContentService {
  /** The page in `locale`, else in English (always seeded, so always there). */
  get(type: ContentType, locale: Locale): Promise<ContentPage>;
  /** The operator's edit: creates or replaces one language of one page. */
  set(input: { type: ContentType; locale: Locale; title: string; content: string }): Promise<ContentPage>;
}

type Row = typeof contentPages.$inferSelect;
const toPage = (row: Row): ContentPage => ({
  type: row.type as ContentType,
  locale: row.locale as Locale,
  title: row.title,
  content: row.content,
  updatedAt: row.updatedAt.toISOString(),
});

export function createContentService({ db, clock }: { db: Executor; clock: Clock }): ContentService {
  return {
    async get(type, locale) {
      const rows = await db
        .select()
        .from(contentPages)
        .where(and(eq(contentPages.type, type), inArray(contentPages.locale, [locale, DEFAULT_LOCALE])));
      const row = rows.find((r) => r.locale === locale) ?? rows.find((r) => r.locale === DEFAULT_LOCALE);
      if (row) return toPage(row);
      // The operator never deletes rows, but a database seeded before this feature has none: serve the demo text.
      return { type, locale: DEFAULT_LOCALE, ...DEFAULT_CONTENT[type], updatedAt: new Date(0).toISOString() };
    },
    async set({ type, locale, title, content }) {
      const updatedAt = clock.now();
      const [row] = await db
        .insert(contentPages)
        .values({ type, locale, title, content, updatedAt })
        .onConflictDoUpdate({ target: [contentPages.type, contentPages.locale], set: { title, content, updatedAt } })
        .returning();
      return toPage(row as Row);
    },
  };
}

/**
 * Seeds the English placeholder text once per type; the operator's edits are never undone. A page
 * still holding a former seeded text, word for word, was never edited: it gets today's placeholder
 * (the former ones told players to run an operator command).
 */
export async function seedContent(db: Executor): Promise<void> {
  const rows = Object.entries(DEFAULT_CONTENT).map(([type, text]) => ({ type, locale: DEFAULT_LOCALE, ...text }));
  await db.insert(contentPages).values(rows).onConflictDoNothing();
  for (const [type, former] of Object.entries(FORMER_DEFAULT_CONTENT) as [ContentType, string][]) {
    await db
      .update(contentPages)
      .set({ content: DEFAULT_CONTENT[type].content })
      .where(and(eq(contentPages.type, type), eq(contentPages.locale, DEFAULT_LOCALE), eq(contentPages.content, former)));
  }
}
