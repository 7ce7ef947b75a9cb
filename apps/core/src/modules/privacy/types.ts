import type { DeletionFacts, Locale, MyDataSection } from '@prism/domain';
import type { Executor } from '../../db/client';
import type { ExportRow } from '../../db/pages';
import type { ClosedAccount } from '../user';

/** One section of a player's data export (apps/core/src/exports.ts): its rows, read lazily from one module's door. */
export interface ExportSection {
  name: MyDataSection;
  rows(db: Executor, userId: number, locale: Locale): AsyncIterable<ExportRow>;
}

/**
 * One module's part of an account deletion (apps/core/src/erasures.ts): it erases or anonymises what
 * that module keeps about the person, inside the deletion's transaction. It may answer work to do
 * once that transaction has committed (removing files from disk), which must never fail the deletion.
 */
export interface Erasure {
  module: string;
  erase(tx: Executor, userId: number, closed: ClosedAccount): Promise<void | (() => Promise<void>)>;
}

/** Reads, through each module's door, what may hold an account's deletion up (inside its transaction). */
export type DeletionFactsReader = (db: Executor, userId: number, now: Date) => Promise<DeletionFacts>;
