import { parse as parseQueryString } from 'node:querystring';
import { AppError, CodecError, decodeText, ENCRYPTED_FIELD, ENCRYPTION_HEADER, isAlwaysEncrypted } from '@prism/domain';
import type { RequestHandler } from 'express';
import { ENCRYPT_LOCAL } from './envelope';

/**
 * The wire codec (docs/api.md, "Protocol"). With `Encryption: 1`, or on a path that is always
 * encrypted, the body is a single `data` field holding the scrambled urlencoded
 * form; the answer goes back scrambled after `POST:`. Obfuscation, not security.
 */
export const codecMiddleware: RequestHandler = (req, res, next) => {
  const encrypted = req.get(ENCRYPTION_HEADER) === '1' || isAlwaysEncrypted(req.path);
  res.locals[ENCRYPT_LOCAL] = encrypted;
  if (!encrypted || req.method === 'GET' || req.is('multipart/form-data')) return next();
  const data: unknown = req.body?.[ENCRYPTED_FIELD];
  if (typeof data !== 'string') throw AppError.invalid({ [ENCRYPTED_FIELD]: 'FIELD_INVALID' });
  try {
    req.body = { ...parseQueryString(decodeText(data)) };
  } catch (error) {
    if (error instanceof CodecError) throw AppError.invalid({ [ENCRYPTED_FIELD]: 'FIELD_INVALID' });
    throw error;
  }
  next();
};
