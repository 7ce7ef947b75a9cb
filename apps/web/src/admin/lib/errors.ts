import { ApiError } from '@prism/client';

/**
 * What an operator API error says, for the form that sent it: the message, and per field the
 * message the server gave (a validation failure's `fields`), shown next to that field.
 */
export function formErrors(error: unknown): { message: string; fields: Record<string, string> } {
  if (error instanceof ApiError) return { message: error.message, fields: error.fields };
  return { message: error instanceof Error ? error.message : String(error), fields: {} };
}
