import { type Envelope, encodeResponse, SUCCESS_CODE } from '@prism/domain';
import type { Response } from 'express';

/** Set by the codec middleware when the request asked for (or its path requires) encryption. */
export const ENCRYPT_LOCAL = 'encryptAnswer';

const withBigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);

/** JSON of an answer: without a replacer (called for every key) unless the answer holds a bigint, which JSON refuses. */
function toJson(envelope: unknown): string {
  try {
    return JSON.stringify(envelope);
  } catch (error) {
    if (error instanceof TypeError) return JSON.stringify(envelope, withBigints);
    throw error;
  }
}

/**
 * Sends an envelope with HTTP 200, scrambled with the wire codec when the request was. Written
 * straight to Node's response (Express's send would look up the type, hash for an ETag when
 * enabled and test freshness: none of which an API answer needs); Node sends no body to a HEAD.
 */
export function sendEnvelope<T>(res: Response, envelope: Envelope<T>): void {
  sendJson(res, toJson(envelope));
}

function sendJson(res: Response, json: string): void {
  const encrypted = Boolean(res.locals[ENCRYPT_LOCAL]);
  const body = encrypted ? encodeResponse(json) : json;
  res.statusCode = 200;
  res.setHeader('Content-Type', encrypted ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

/** The bytes JSON.stringify writes before the result of a plain success envelope (envelope.test.ts checks they agree). */
const SUCCESS_HEAD = `{"code":${SUCCESS_CODE},"message":"success","result":`;

/**
 * A success envelope. The usual one (message 'success', a result) is written from its fixed pieces
 * around the result's JSON: the same bytes as the envelope object's JSON, without building the
 * object or walking its fixed keys on every answer.
 */
export function ok<T>(res: Response, result: T, message = 'success'): void {
  // JSON leaves an undefined result out of the object: the general path writes that.
  if (message !== 'success' || result === undefined) {
    sendEnvelope(res, { code: SUCCESS_CODE, message, result, timestamp: Date.now() });
    return;
  }
  sendJson(res, `${SUCCESS_HEAD}${toJson(result)},"timestamp":${Date.now()}}`);
}
