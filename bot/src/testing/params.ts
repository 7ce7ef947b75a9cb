import type { IncomingMessage } from 'node:http';

/** Parameters of one Bot API call, after merging the query string and the body. */
export type Params = Record<string, unknown>;

/** A file sent in a multipart body; the fake keeps its description, not its bytes. */
export interface FakeUpload {
  file_name: string;
  mime_type: string;
  size: number;
}

/**
 * A refusal the way Telegram words it: HTTP status equal to `error_code`, and
 * `{ ok: false, error_code, description }`. Method handlers throw it.
 */
export class FakeApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly parameters?: { retry_after?: number; migrate_to_chat_id?: number },
  ) {
    super(description);
    this.name = 'FakeApiError';
  }
}

export const badRequest = (what: string): FakeApiError => new FakeApiError(400, `Bad Request: ${what}`);

/** Bodies above this are refused; Telegram's own limit for uploads is 50 MB. */
const MAX_BODY_BYTES = 50 * 1024 * 1024;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new FakeApiError(413, 'Request Entity Too Large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Form fields arrive as strings; Telegram reads JSON-serialised fields (reply_markup,
 * commands, ...) out of them, so objects and arrays are parsed back here. Scalars stay
 * strings and the readers below coerce them, as Telegram does.
 */
function fromFormValue(value: string): unknown {
  const head = value.trimStart()[0];
  if (head === '{' || head === '[') {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** Reads a request's parameters from its query string and its JSON, urlencoded or multipart body. */
export async function readParams(req: IncomingMessage, url: URL): Promise<Params> {
  const params: Params = {};
  for (const [key, value] of url.searchParams) params[key] = fromFormValue(value);
  const body = await readBody(req);
  if (body.length === 0) return params;
  const contentType = (req.headers['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest('JSON object expected');
    return { ...params, ...(parsed as Params) };
  }
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) params[key] = fromFormValue(value);
    return params;
  }
  if (contentType.startsWith('multipart/form-data')) {
    // Node's fetch Response already knows how to split a multipart body.
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    for (const [key, value] of form) {
      params[key] =
        typeof value === 'string'
          ? fromFormValue(value)
          : ({ file_name: value.name, mime_type: value.type, size: value.size } satisfies FakeUpload);
    }
    return params;
  }
  throw badRequest(`unsupported content type ${contentType || '(none)'}`);
}

// Readers: each names the field in its error, like Telegram's "Bad Request: chat_id is empty".

export function optionalString(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw badRequest(`field "${name}" must be a string`);
}

export function requiredString(params: Params, name: string): string {
  const value = optionalString(params, name);
  if (value === undefined || value === '') throw badRequest(`${name} is empty`);
  return value;
}

export function optionalInt(params: Params, name: string): number | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw badRequest(`field "${name}" must be an integer`);
  return number;
}

export function requiredInt(params: Params, name: string): number {
  const value = optionalInt(params, name);
  if (value === undefined) throw badRequest(`${name} is empty`);
  return value;
}

export function optionalBool(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === '1' || value === 1) return true;
  if (value === 'false' || value === '0' || value === 0) return false;
  throw badRequest(`field "${name}" must be a boolean`);
}

export function optionalObject(params: Params, name: string): Record<string, unknown> | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  throw badRequest(`can't parse ${name} JSON object`);
}

export function optionalArray(params: Params, name: string): unknown[] | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (Array.isArray(value)) return value;
  throw badRequest(`can't parse ${name} JSON array`);
}
