import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { recordAudit } from '../modules/audit';
import type { Clock } from '../platform/clock';
import { operatorActor } from './actors';

/** Writes an audit row, then proves the database refuses UPDATE, DELETE and TRUNCATE of audit_log (migration 0030). */
export async function expectAuditAppendOnly(db: Database, clock: Clock): Promise<void> {
  const id = await recordAudit(db, clock, operatorActor(1, 'tester'), { action: 'test.append', target: { type: 'test', id: 1 } });
  const attempts = [
    sql`update audit_log set action = 'test.changed' where id = ${id}`,
    sql`delete from audit_log where id = ${id}`,
    sql`truncate audit_log`,
  ];
  for (const attempt of attempts) {
    // Drizzle wraps the database's error ("Failed query: ..."); the trigger's message is its cause.
    const error = await db
      .transaction((tx) => tx.execute(attempt))
      .then(
        () => undefined,
        (caught: unknown) => caught as Error & { cause?: Error },
      );
    expect(error?.cause?.message ?? error?.message).toMatch(/audit_log is append-only/);
  }
  const rows = await db.execute(sql`select action from audit_log where id = ${id}`);
  expect(JSON.stringify(rows)).toContain('test.append');
}
