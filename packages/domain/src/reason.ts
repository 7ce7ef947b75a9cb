/** Longest reason a user is shown (a rejected withdrawal's reason). */
export const REASON_MAX_LENGTH = 500;

/**
 * A reason the user will read: trimmed and bounded, or undefined when nothing
 * visible is left (spaces, tabs, zero-width and other invisible characters).
 */
export function visibleReason(value: string | undefined | null): string | undefined {
  const trimmed = (value ?? '').trim();
  if (trimmed.replace(/[\p{Cc}\p{Cf}\p{Z}]/gu, '') === '') return undefined;
  return trimmed.slice(0, REASON_MAX_LENGTH);
}
