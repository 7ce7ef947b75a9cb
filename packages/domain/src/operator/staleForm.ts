import { AppError } from '../appError';

/** What a row's version is compared by: its updatedAt (a Date, or an ISO text) or a version number. */
export type RowStamp = Date | string | number | null | undefined;

/** Milliseconds of a stamp (a version number stays itself); undefined when it is no stamp at all. */
function stampValue(stamp: Exclude<RowStamp, null | undefined>): number | undefined {
  if (typeof stamp === 'number') return Number.isFinite(stamp) ? stamp : undefined;
  if (stamp instanceof Date) return Number.isNaN(stamp.getTime()) ? undefined : stamp.getTime();
  const text = stamp.trim();
  if (/^\d{1,15}$/.test(text)) return Number(text);
  // Only full ISO timestamps: a loose Date.parse would accept "1" or "May 5" and compare nonsense.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Optimistic concurrency for operator forms. A form sent without the stamp it was read at is an
 * unconditional write (the CLI's way), so it is never stale. With a stamp, the row must still be
 * at it: a row changed since, or one that no longer (or never) existed, is stale. Timestamps are
 * compared to the millisecond, the precision the API hands them out at.
 */
export function isStaleForm(expected: string | number | undefined, current: RowStamp): boolean {
  if (expected === undefined || expected === '') return false;
  const wanted = stampValue(expected);
  if (wanted === undefined) throw AppError.invalid({ expectedUpdatedAt: 'FIELD_INVALID' });
  if (current === null || current === undefined) return true;
  return stampValue(current) !== wanted;
}

/** Throws STALE_FORM when the form was read before someone else changed the row (see isStaleForm). */
export function assertFreshForm(expected: string | number | undefined, current: RowStamp): void {
  if (isStaleForm(expected, current)) throw new AppError('STALE_FORM');
}
