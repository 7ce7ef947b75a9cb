/** A unique constraint refused the write (PostgreSQL 23505; node-postgres and PGlite put it on the error or its cause). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}

/** PostgreSQL going away (restart, failover, a dropped connection): retryable, nothing was committed. */
const CONNECTION_LOST = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
  // PgBouncer's own refusals ("server login has been failing" while its primary is down or being
  // failed over, query_wait_timeout): nothing reached the database (docs/operations.md, failover).
  '08P01',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

export function isConnectionLoss(error: unknown): boolean {
  const err = error as { code?: string; message?: string; cause?: unknown };
  if (err?.code && CONNECTION_LOST.has(err.code)) return true;
  if (/Connection terminated|connection error|Client has encountered a connection error|terminating connection/i.test(err?.message ?? ''))
    return true;
  return err?.cause !== undefined && err.cause !== error && isConnectionLoss(err.cause);
}
