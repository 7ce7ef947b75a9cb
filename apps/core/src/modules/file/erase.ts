import { rm } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads } from './schema';

/**
 * Erases the user's uploads (account deletion): their rows go in the caller's transaction, and the
 * answer removes the files from disk once it has committed, each only if no other user uploaded the
 * same bytes (files are named by their SHA-256, so one file can be two users' upload).
 */
export async function eraseUploads(tx: Executor, userId: number, directory: string): Promise<() => Promise<void>> {
  const mine = await tx.select({ fileName: uploads.fileName }).from(uploads).where(eq(uploads.userId, userId));
  const names = [...new Set(mine.map((row) => row.fileName))];
  if (names.length === 0) return async () => {};
  const shared = await tx
    .select({ fileName: uploads.fileName })
    .from(uploads)
    .where(and(inArray(uploads.fileName, names), ne(uploads.userId, userId)));
  const keep = new Set(shared.map((row) => row.fileName));
  await tx.delete(uploads).where(eq(uploads.userId, userId));
  const unused = names.filter((name) => !keep.has(name));
  return async () => {
    // force: a file already gone (removed by hand, another disk) is not an error.
    await Promise.all(unused.map((name) => rm(path.join(directory, path.basename(name)), { force: true })));
  };
}
