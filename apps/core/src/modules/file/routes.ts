import { AppError } from '@prism/domain';
import express, { type RequestHandler, Router } from 'express';
import multer from 'multer';
import { caller, requireAuth } from '../../http/auth';
import { ok } from '../../http/envelope';
import type { FileStorage } from './storage';

/** `file/upload` (multipart field `file`, images only) and the static route that serves uploads back. */
export function fileRoutes({ files: storage, maxBytes }: { files: FileStorage; maxBytes: number }): Router {
  const router = Router();
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 12 } });

  // Multer's own errors (limits, a malformed multipart body) become clear answers, never a 500.
  const single = upload.single('file');
  const parseUpload: RequestHandler = (req, res, next) =>
    single(req, res, (error?: unknown) => {
      if (!error) return next();
      const code = (error as { code?: string }).code;
      next(code === 'LIMIT_FILE_SIZE' ? new AppError('PAYLOAD_TOO_LARGE') : AppError.invalid({ file: 'FIELD_INVALID' }));
    });

  router.post('/file/upload', requireAuth, parseUpload, async (req, res) => {
    if (!req.file) throw new AppError('UPLOAD_MISSING');
    ok(res, await storage.storeImage(caller(req).userId, req.file.buffer));
  });

  router.use(
    '/files',
    express.static(storage.directory, {
      fallthrough: true,
      immutable: true,
      maxAge: '365d',
      index: false,
      dotfiles: 'deny',
      setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
    }),
  );
  return router;
}
