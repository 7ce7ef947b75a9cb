import { AppError, assertFreshForm, CONTENT_TYPES, LOCALES } from '@prism/domain';
import { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { ok } from '../../http/envelope';
import { permit } from '../../http/permit';
import { field, parseInput } from '../../http/validate';
import type { Clock } from '../../platform/clock';
import { actorOf, recordAudit } from '../audit';
import { CONTENT_PDF_MAX_BYTES, type ContentPdfStore } from './pdf';
import type { ContentService } from './service';

const byType = z.object({ type: field.oneOf(CONTENT_TYPES) }).strip();
const showQuery = z.object({ type: field.oneOf(CONTENT_TYPES), locale: field.oneOf(LOCALES) }).strip();
const nonEmpty = { error: 'FIELD_INVALID' } as const;
const setBody = z.object({
  type: field.oneOf(CONTENT_TYPES),
  locale: field.oneOf(LOCALES),
  title: field.text(120).trim().min(1, nonEmpty),
  content: field.text(20_000).trim().min(1, nonEmpty),
  /** The page's updatedAt as the form read it (GET content, the fallback's when the language has none); absent: overwrite (the CLI). */
  expectedUpdatedAt: field.optionalText(40),
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

/**
 * /admin/content: the operator sets one language of one page (`npm run ops -- content set ...`). The
 * content service writes on its own connection, so the audit row follows the change in the same request.
 */
export function contentAdminRoutes(deps: { content: ContentService; pdf: ContentPdfStore; db: Database; clock: Clock }): Router {
  const { content, db, clock } = deps;
  const router = Router();
  pdfRoutes(router, deps);
  router.get('/content', permit('content.manage'), async (req, res) => {
    const { type, locale } = parseInput(showQuery, req.query);
    ok(res, await content.get(type, locale));
  });
  router.post('/content', permit('content.manage'), async (req, res) => {
    const { expectedUpdatedAt, ...input } = parseInput(setBody, req.body);
    // Compared with what the form showed: the language's own page, or the English one it fell back to.
    const shown = await content.get(input.type, input.locale);
    assertFreshForm(expectedUpdatedAt, shown.updatedAt);
    const after = await content.set(input);
    const before = shown.locale === input.locale ? shown : undefined;
    const target = { type: 'contentPage', id: `${input.type}:${input.locale}` };
    await recordAudit(db, clock, actorOf(req), { action: 'content.update', target, before, after });
    ok(res, after);
  });
  return router;
}

const stampQuery = z.object({ expectedUpdatedAt: field.optionalText(40) }).strip();

/** One multipart file (field `file`); multer's own errors become clear answers naming the field. */
function oneFile(maxBytes: number): RequestHandler {
  const single = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } }).single('file');
  return (req, res, next) =>
    single(req, res, (error?: unknown) => {
      if (!error) return next();
      const code = (error as { code?: string }).code;
      next(code === 'LIMIT_FILE_SIZE' ? new AppError('PAYLOAD_TOO_LARGE') : AppError.invalid({ file: 'FIELD_INVALID' }));
    });
}

/**
 * /admin/content/pdf: the introduction document players open. The upload's stamp comes in the query
 * (?expectedUpdatedAt=, as GET content/pdf gave it); the file is written, then its audit row.
 */
function pdfRoutes(router: Router, { pdf, db, clock }: { pdf: ContentPdfStore; db: Database; clock: Clock }): void {
  router.get('/content/pdf', permit('content.manage'), async (_req, res) => {
    ok(res, (await pdf.info()) ?? null);
  });
  router.post('/content/pdf', permit('content.manage'), oneFile(CONTENT_PDF_MAX_BYTES), async (req, res) => {
    const { expectedUpdatedAt } = parseInput(stampQuery, req.query);
    if (!req.file) throw new AppError('UPLOAD_MISSING');
    const before = await pdf.info();
    assertFreshForm(expectedUpdatedAt, before?.updatedAt);
    const after = await pdf.save(req.file.buffer);
    await recordAudit(db, clock, actorOf(req), {
      action: 'content.pdf',
      target: { type: 'contentPdf', id: 'introduction' },
      before,
      after,
    });
    ok(res, after);
  });
}
