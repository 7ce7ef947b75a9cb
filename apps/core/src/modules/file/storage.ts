import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UploadedFile } from '@prism/domain';
import { AppError, UPLOAD_URL_PREFIX } from '@prism/domain';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { sha256Hex } from '../../platform/hash';
import { uploads } from './schema';

type ImageKind = { mime: string; ext: 'jpg' | 'png' | 'gif' | 'webp' };

/** Recognises an image by its first bytes; the declared content type is not trusted. */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  const ascii = (from: number, text: string) => [...text].every((c, i) => bytes[from + i] === c.charCodeAt(0));
  if (starts(0xff, 0xd8, 0xff)) return { mime: 'image/jpeg', ext: 'jpg' };
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return { mime: 'image/png', ext: 'png' };
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return { mime: 'image/gif', ext: 'gif' };
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return { mime: 'image/webp', ext: 'webp' };
  return undefined;
}

/** Stores an image under DATA_DIR/uploads named by its SHA-256, so the same bytes are kept once. */
export function createFileStorage(db: Database, clock: Clock, directory: string) {
  return {
    directory,
    async storeImage(userId: number, bytes: Uint8Array): Promise<UploadedFile> {
      const kind = sniffImage(bytes);
      if (!kind) throw new AppError('UPLOAD_NOT_IMAGE');
      const fileName = `${sha256Hex(bytes)}.${kind.ext}`;
      await mkdir(directory, { recursive: true });
      await writeFile(path.join(directory, fileName), bytes);
      await db.insert(uploads).values({ userId, fileName, mimeType: kind.mime, size: bytes.length, createdAt: clock.now() });
      return { url: `${UPLOAD_URL_PREFIX}${fileName}`, size: bytes.length, mimeType: kind.mime };
    },
  };
}

export type FileStorage = ReturnType<typeof createFileStorage>;
