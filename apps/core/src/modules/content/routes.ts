import { CONTENT_TYPES, LOCALES } from '@prism/domain';
import { Router } from 'express';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { ContentService } from './service';

const byType = z.object({ type: field.oneOf(CONTENT_TYPES) }).strip();
const showQuery = z.object({ type: field.oneOf(CONTENT_TYPES), locale: field.oneOf(LOCALES) }).strip();
const nonEmpty = { error: 'FIELD_INVALID' } as const;
const setBody = z.object({
  type: field.oneOf(CONTENT_TYPES),
  locale: field.oneOf(LOCALES),
  title: field.text(120).trim().min(1, nonEmpty),
  content: field.text(20_000).trim().min(1, nonEmpty),
});

/** The introduction pages' text, in the caller's language (Accept-Language) with English fallback; public like the pages. */
export function contentRoutes({ content }: { content: ContentService }): Router {
  const router = Router();
  router.get('/app/platform/info/getContentByType', async (req, res) => {
    const { type } = parseInput(byType, req.query);
    ok(res, await content.get(type, req.locale));
  });
  return router;
}

/** /admin/content: the operator sets one language of one page (`npm run ops -- content set ...`). */
export function contentAdminRoutes({ content }: { content: ContentService }): Router {
  const router = Router();
  router.get('/content', permit('content.manage'), async (req, res) => {
    const { type, locale } = parseInput(showQuery, req.query);
    ok(res, await content.get(type, locale));
  });
  router.post('/content', permit('content.manage'), async (req, res) => {
    ok(res, await content.set(parseInput(setBody, req.body)));
  });
  return router;
}
