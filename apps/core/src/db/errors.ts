/** A unique constraint refused the write (PostgreSQL 23505; node-postgres and PGlite put it on the error or its cause). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  return code === '23505';
}
