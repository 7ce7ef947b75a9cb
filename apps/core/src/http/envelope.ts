import { type Envelope, encodeResponse, SUCCESS_CODE } from '@prism/domain';
import type { Response } from 'express';

/** Set by the codec middleware when the request asked for (or its path requires) encryption. */
export const ENCRYPT_LOCAL = 'encryptAnswer';

/** Sends an envelope with HTTP 200, scrambled with the wire codec when the request was. */
export function sendEnvelope<T>(res: Response, envelope: Envelope<T>): void {
  const json = JSON.stringify(envelope, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
  res.status(200);
  if (res.locals[ENCRYPT_LOCAL]) {
    res.type('text/plain').send(encodeResponse(json));
  } else {
    res.type('application/json').send(json);
  }
}

export function ok<T>(res: Response, result: T, message = 'success'): void {
  sendEnvelope(res, { code: SUCCESS_CODE, message, result, timestamp: Date.now() });
}
