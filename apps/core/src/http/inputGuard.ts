import { AppError, hasControlCharacters } from '@prism/domain';
import type { RequestHandler } from 'express';

/**
 * The last resort behind the schemas' text rule: a query or form value holding
 * NUL, another control character or a lone surrogate is refused here, naming
 * the field, before any route (or the database, which cannot store NUL) sees it.
 * Runs after the codec, so scrambled bodies are checked once decoded.
 */
export const inputGuard: RequestHandler = (req, _res, next) => {
  const field = badField(req.query) ?? badField(req.body);
  if (field !== undefined) throw AppError.invalid({ [field]: 'TEXT_CONTROL_CHARACTERS' });
  next();
};

/** Form values are strings, or arrays of strings when a key repeats; anything else (a raw Buffer) is not a form. */
function badField(values: unknown): string | undefined {
  if (!values || typeof values !== 'object' || Buffer.isBuffer(values)) return undefined;
  for (const [name, value] of Object.entries(values)) {
    const texts: unknown[] = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === 'string' && hasControlCharacters(text))) return name;
  }
  return undefined;
}
