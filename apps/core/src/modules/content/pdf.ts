import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@prism/domain';
import type { RequestHandler } from 'express';
import { sha256Hex } from '../../platform/hash';

/** The introduction document players open (apps/web features/content: INTRODUCTION_PDF_URL). */
export const INTRODUCTION_PDF_PATH = '/docs/introduction.pdf';
/** A document of a few dozen pages; beyond this it is not an introduction any more. */
export const CONTENT_PDF_MAX_BYTES = 20 * 1024 * 1024;

export interface ContentPdfInfo {
  size: number;
  sha256: string;
  /** When it was uploaded (the file's time), the stamp a stale upload form is compared with. */
  updatedAt: string;
}

/**
 * The operator's introduction PDF, kept in DATA_DIR/content/ (it outlives a rebuild of the web app,
 * whose own copy is the demo document served until an operator uploads one).
 */
export function contentPdfStore(dataDir: string) {
  const file = path.join(dataDir, 'content', 'introduction.pdf');
  const info = async (): Promise<ContentPdfInfo | undefined> => {
    try {
      const [facts, bytes] = await Promise.all([stat(file), readFile(file)]);
      return { size: facts.size, sha256: sha256Hex(bytes), updatedAt: facts.mtime.toISOString() };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  return {
    file,
    info,
    /** Replaces the document whole (written beside it, then renamed: a reader never sees half a file). */
    async save(bytes: Uint8Array): Promise<ContentPdfInfo> {
      if (Buffer.from(bytes.subarray(0, 5)).toString('latin1') !== '%PDF-') throw AppError.invalid({ file: 'FIELD_INVALID' });
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, file);
      return (await info()) as ContentPdfInfo;
    },
    /** Serves the uploaded document at INTRODUCTION_PDF_PATH; without one, the web app's own copy answers. */
    serve: (async (_req, res, next) => {
      if (!(await info())) return next();
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(file, { headers: { 'Content-Type': 'application/pdf', 'X-Content-Type-Options': 'nosniff' } });
    }) as RequestHandler,
  };
}

export type ContentPdfStore = ReturnType<typeof contentPdfStore>;
