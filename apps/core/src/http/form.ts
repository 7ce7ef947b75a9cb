import express, { type RequestHandler } from 'express';
import qs from 'qs';

/**
 * The API's urlencoded form bodies, parsed as body-parser's `urlencoded({ extended: false })` parses
 * them (qs, depth 0, prototype keys allowed, repeated keys as arrays), with the usual request read
 * without body-parser's general machinery (type-is, content-type, raw-body, iconv-lite, on-finished):
 * about 2 % of the server's CPU per bet (docs/performance.md, "HTTP"). That request is a plain
 * `application/x-www-form-urlencoded` body (no charset or UTF-8) with a Content-Length within the
 * limit and no Content-Encoding; every other one goes to body-parser itself. form.test.ts sends the
 * same bodies through both and compares what they give.
 */
export function formParser(options: { limit: number; parameterLimit: number }): RequestHandler {
  const general = express.urlencoded({ extended: false, limit: options.limit, parameterLimit: options.parameterLimit });
  return (req, res, next) => {
    const headers = req.headers;
    const type = headers['content-type'];
    const length = headers['content-length'];
    const plain =
      type !== undefined &&
      FORM_TYPES.has(type.toLowerCase()) &&
      length !== undefined &&
      headers['content-encoding'] === undefined &&
      headers['transfer-encoding'] === undefined &&
      req.readable;
    const bytes = plain ? Number(length) : Number.NaN;
    if (!(bytes >= 0 && bytes <= options.limit)) return general(req, res, next);
    readBody(req, bytes, (error, text) => {
      if (error) return next(error);
      try {
        req.body = parseForm(text, options.parameterLimit);
      } catch (parseError) {
        return next(parseError);
      }
      next();
    });
  };
}

/** The content types body-parser would parse with the UTF-8 charset (its default) that the short path takes. */
const FORM_TYPES = new Set([
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=utf-8',
  'application/x-www-form-urlencoded;charset=utf-8',
]);

/** An error as body-parser's (http-errors): the error handler reads its status and type. */
function httpError(status: number, message: string, type: string): Error {
  return Object.assign(new Error(message), { status, statusCode: status, expose: true, type });
}

type Readable = Parameters<RequestHandler>[0];

/** The body as UTF-8 text, a leading byte order mark dropped (as iconv-lite's decoder drops it); raw-body's errors. */
function readBody(req: Readable, bytes: number, done: (error: Error | undefined, text: string) => void): void {
  const chunks: Buffer[] = [];
  let received = 0;
  let finished = false;
  const finish = (error: Error | undefined) => {
    if (finished) return;
    finished = true;
    req.off('data', onData);
    req.off('end', onEnd);
    req.off('error', onError);
    req.off('aborted', onAborted);
    if (error) return done(error, '');
    if (received !== bytes) return done(httpError(400, 'request size did not match content length', 'request.size.invalid'), '');
    const text = (chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received)).toString('utf8');
    done(undefined, text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  };
  const onData = (chunk: Buffer) => {
    received += chunk.length;
    chunks.push(chunk);
  };
  const onEnd = () => finish(undefined);
  const onAborted = () => finish(httpError(400, 'request aborted', 'request.aborted'));
  const onError = (error: Error) => finish(Object.assign(error, { status: 400, statusCode: 400, expose: true }));
  req.on('data', onData);
  req.on('end', onEnd);
  req.on('error', onError);
  req.on('aborted', onAborted);
}

/** body-parser's query parser for `extended: false` (types/urlencoded.js), option for option. */
function parseForm(body: string, parameterLimit: number): unknown {
  if (!body.length) return {};
  let count = 0;
  let index = -1;
  do {
    count++;
    if (count > parameterLimit) throw httpError(413, 'too many parameters', 'parameters.too.many');
    index = body.indexOf('&', index + 1);
  } while (index !== -1);
  try {
    return qs.parse(body, {
      allowPrototypes: true,
      arrayLimit: count,
      depth: 0,
      charset: 'utf-8',
      parameterLimit,
      strictDepth: true,
    });
  } catch (error) {
    if (error instanceof RangeError) throw httpError(400, 'The input exceeded the depth', 'querystring.parse.rangeError');
    throw Object.assign(error as Error, { status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed' });
  }
}
