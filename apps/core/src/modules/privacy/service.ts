import { once } from 'node:events';
import type { Locale, MyDataFormat } from '@prism/domain';
import type { Response } from 'express';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Logger } from '../../platform/logger';
import type { Random } from '../../platform/random';
import { deletable, deleteAccount } from './deletion';
import { createExportGate } from './exportGate';
import type { DeletionFactsReader, Erasure, ExportSection } from './types';
import { EXPORT_WRITERS, type ExportSink } from './write';

export interface PrivacyDeps {
  db: Database;
  clock: Clock;
  random: Random;
  logger: Logger;
  /** The export's sections (apps/core/src/exports.ts). */
  sections: readonly ExportSection[];
  /** The deletion's erasures (apps/core/src/erasures.ts) and the facts that may refuse it. */
  erasures: readonly Erasure[];
  facts: DeletionFactsReader;
}

const CONTENT_TYPES: Record<MyDataFormat, string> = { json: 'application/json; charset=utf-8', csv: 'text/csv; charset=utf-8' };

/** My data: the player's data export and their account's deletion. */
export function createPrivacyService(deps: PrivacyDeps) {
  const gate = createExportGate(deps.clock);
  return {
    deletable: (userId: number) => deletable(deps, userId),
    deleteAccount: (userId: number, password: string) => deleteAccount(deps, userId, password),

    /** Streams the caller's export into the answer as a download (refused before any byte when too soon). */
    async exportTo(res: Response, userId: number, format: MyDataFormat, locale: Locale): Promise<void> {
      gate(userId);
      const now = deps.clock.now();
      const fileName = `prism-my-data-${userId}-${now.toISOString().slice(0, 10)}.${format}`;
      res.status(200);
      res.setHeader('Content-Type', CONTENT_TYPES[format]);
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      res.setHeader('Cache-Control', 'no-store');
      try {
        await EXPORT_WRITERS[format](sinkOf(res), deps.sections, deps.db, locale, { userId, exportedAt: now.toISOString() });
        res.end();
      } catch (error) {
        // Part of the file is out: no envelope can follow it, so the download is cut and fails visibly.
        if (!res.destroyed) deps.logger.error({ err: error, userId }, 'my data export failed');
        res.destroy();
      }
    },
  };
}

export type PrivacyService = ReturnType<typeof createPrivacyService>;

/** Writes into the answer, waiting while its buffer is full; stops when the reader went away. */
function sinkOf(res: Response): ExportSink {
  return {
    async write(chunk) {
      if (res.destroyed) throw new Error('the reader went away');
      if (!res.write(chunk)) await Promise.race([once(res, 'drain'), once(res, 'close')]);
    },
  };
}
