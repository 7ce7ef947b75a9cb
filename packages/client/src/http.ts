import {
  DEFAULT_LOCALE,
  decodeResponse,
  ENCRYPTED_FIELD,
  ENCRYPTION_HEADER,
  type Envelope,
  encodeText,
  isAlwaysEncrypted,
  NETWORK_TIMEOUT_MS,
  SESSION_EXPIRY_CODES,
  SUCCESS_CODE,
  transportCodes,
} from '@prism/domain';
import { ApiError, NET_ERROR_MESSAGE, transportError } from './errors';
import { type FormData, toUrlEncoded } from './form';

export interface ClientOptions {
  /** Where /core/ lives: '/core/' in the web app, an absolute URL in the bot or tests. */
  baseURL: string;
  getToken?: () => string | null | undefined;
  /** Raw Telegram initData; sent as `Authorization: tma <initData>` when there is no token. */
  getInitData?: () => string | null | undefined;
  getLocale?: () => string;
  /** The Encryption flag (default off); /app/taping/tapingV2 is encrypted regardless. */
  encryption?: boolean | (() => boolean);
  timeoutMs?: number;
  /** Headers added to every call (the operator console's CSRF token). */
  extraHeaders?: () => Record<string, string>;
  /** Called for codes 401 and 50001 before the error is thrown (the web logs out after 1 s). */
  onSessionExpired?: (error: ApiError) => void;
  /**
   * Tried once when a call answers 401 / 50001, before onSessionExpired: true when a new token is
   * now stored (the web signs a linked Telegram user in again with initData), and the call is then
   * sent once more with it. Calls that fail at the same time share what it does (the caller's job).
   */
  refreshSession?: () => Promise<boolean>;
}

export interface CallOptions {
  /** Sent as Idempotency-Key on money-moving POSTs: a retry with the same key moves money once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
  /** Sends `Authorization: tma <initData>` even while a token is stored (telegramLogin renewing a dead token); never refreshed. */
  initData?: string;
}

/** Why a request did not get an answer: the caller gave up (600003), or the network or the clock did (5). */
class Aborted extends Error {}

/**
 * The transport under the typed endpoints: headers, codec, envelope, error mapping.
 * Built on fetch (and XMLHttpRequest only for an upload that reports progress), with no HTTP
 * library: axios was 13 KB gzip of the web app's first page (docs/decisions.md).
 */
export class HttpClient {
  constructor(private readonly options: ClientOptions) {}

  get<T>(path: string, query: FormData = {}, call: CallOptions = {}): Promise<T> {
    const search = toUrlEncoded(query);
    return this.request<T>('GET', search ? `${path}?${search}` : path, undefined, call);
  }

  post<T>(path: string, form: FormData = {}, call: CallOptions = {}): Promise<T> {
    return this.request<T>('POST', path, form, call);
  }

  /**
   * A file the server sends as a download (Content-Disposition: attachment), never encrypted: its
   * bytes and its name. A refusal still comes as an envelope and is thrown as its ApiError.
   */
  async download(path: string, query: FormData = {}, call: CallOptions = {}): Promise<{ blob: Blob; fileName: string }> {
    const search = toUrlEncoded(query);
    const url = `${this.options.baseURL.replace(/\/?$/, '/')}${(search ? `${path}?${search}` : path).replace(/^\//, '')}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: this.headers(false, call), ...(call.signal ? { signal: call.signal } : {}) });
    } catch (error) {
      throw mapTransportError(call.signal?.aborted ? new Aborted() : error, false);
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    if (!response.ok || !disposition.startsWith('attachment')) {
      const text = await response.text().catch(() => '');
      return this.unwrap(text);
    }
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
    try {
      return { blob: await response.blob(), fileName };
    } catch {
      // The server cut the file part-way (an error after the first bytes): nothing usable arrived.
      throw transportError(transportCodes.NETWORK);
    }
  }

  /** Multipart upload (never encrypted). */
  upload<T>(path: string, file: Blob, fileName: string, call: CallOptions = {}): Promise<T> {
    const body = new globalThis.FormData();
    body.append('file', file, fileName);
    return this.request<T>('POST', path, body, call);
  }

  private headers(encrypted: boolean, call: CallOptions): Record<string, string> {
    const token = this.options.getToken?.();
    const initData = this.options.getInitData?.();
    const headers: Record<string, string> = {
      'Accept-Language': this.options.getLocale?.() ?? DEFAULT_LOCALE,
      [ENCRYPTION_HEADER]: encrypted ? '1' : '0',
    };
    if (call.initData) {
      headers.Authorization = `tma ${call.initData}`;
    } else if (token) {
      headers.Authorization = token;
      headers['X-Access-Token'] = token;
    } else if (initData) {
      headers.Authorization = `tma ${initData}`;
    }
    if (call.idempotencyKey) headers['Idempotency-Key'] = call.idempotencyKey;
    Object.assign(headers, this.options.extraHeaders?.());
    return headers;
  }

  private encryptionOn(path: string): boolean {
    const flag = typeof this.options.encryption === 'function' ? this.options.encryption() : this.options.encryption;
    return Boolean(flag) || isAlwaysEncrypted(path);
  }

  /**
   * One call; a session that expired is renewed once (refreshSession) and the call sent again,
   * which is safe for every call: the server refused it before doing anything.
   */
  private async request<T>(
    method: 'GET' | 'POST',
    path: string,
    body: FormData | globalThis.FormData | undefined,
    call: CallOptions,
  ): Promise<T> {
    const token = this.options.getToken?.() ?? null;
    try {
      return await this.requestOnce<T>(method, path, body, call);
    } catch (error) {
      if (!isSessionExpiry(error)) throw error;
      if (call.initData || !(await this.renewed(token))) this.expired(error);
    }
    try {
      return await this.requestOnce<T>(method, path, body, call);
    } catch (error) {
      // The renewed call is not renewed again.
      if (isSessionExpiry(error)) this.expired(error);
      throw error;
    }
  }

  private expired(error: ApiError): never {
    this.options.onSessionExpired?.(error);
    throw error;
  }

  /** True when the call may go again: another call already stored a new token, or refreshSession stored one. */
  private async renewed(sentToken: string | null): Promise<boolean> {
    const now = this.options.getToken?.() ?? null;
    if (now && now !== sentToken) return true;
    if (!this.options.refreshSession) return false;
    try {
      return await this.options.refreshSession();
    } catch {
      return false;
    }
  }

  private async requestOnce<T>(
    method: 'GET' | 'POST',
    path: string,
    body: FormData | globalThis.FormData | undefined,
    call: CallOptions,
  ): Promise<T> {
    const isMultipart = typeof globalThis.FormData !== 'undefined' && body instanceof globalThis.FormData;
    const encrypted = !isMultipart && this.encryptionOn(path);
    let data: string | globalThis.FormData | undefined;
    const headers = this.headers(encrypted, call);
    if (isMultipart) {
      data = body;
    } else if (method === 'POST') {
      const urlencoded = toUrlEncoded((body ?? {}) as FormData);
      data = encrypted ? toUrlEncoded({ [ENCRYPTED_FIELD]: encodeText(urlencoded) }) : urlencoded;
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    }

    let text: string;
    try {
      const url = `${this.options.baseURL.replace(/\/?$/, '/')}${path.replace(/^\//, '')}`;
      const timeoutMs = this.options.timeoutMs ?? NETWORK_TIMEOUT_MS;
      text =
        isMultipart && call.onUploadProgress && xhrClass() !== undefined
          ? await sendWithProgress(url, data as globalThis.FormData, headers, timeoutMs, call)
          : await send(url, method, data, headers, timeoutMs, call.signal);
    } catch (error) {
      throw mapTransportError(error, isMultipart);
    }
    return this.unwrap<T>(text);
  }

  private unwrap<T>(text: string): T {
    let envelope: Envelope<T>;
    try {
      envelope = JSON.parse(decodeResponse(String(text))) as Envelope<T>;
    } catch {
      throw transportError(transportCodes.NETWORK);
    }
    if (envelope.code === SUCCESS_CODE) return envelope.result;
    throw new ApiError(envelope.code, envelope.message || NET_ERROR_MESSAGE, 'business', envelope.result);
  }
}

function isSessionExpiry(error: unknown): error is ApiError {
  return error instanceof ApiError && SESSION_EXPIRY_CODES.includes(error.code);
}

/** fetch with a time-out; the caller's signal aborts it too. Resolves with the body of a 2xx answer. */
async function send(
  url: string,
  method: 'GET' | 'POST',
  body: string | globalThis.FormData | undefined,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel);
  try {
    const response = await fetch(url, { method, headers, body: body ?? null, signal: controller.signal });
    // We read the raw text: encrypted answers are not JSON until unscrambled.
    const text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return text;
  } catch (error) {
    throw signal?.aborted ? new Aborted() : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/** The part of the browser's XMLHttpRequest used here (this package compiles without the DOM types). */
interface Xhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: globalThis.FormData): void;
  abort(): void;
  timeout: number;
  status: number;
  responseText: string;
  upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
}

const xhrClass = () => (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;

/** A multipart POST that reports upload progress (fetch cannot). */
function sendWithProgress(
  url: string,
  body: globalThis.FormData,
  headers: Record<string, string>,
  timeoutMs: number,
  call: CallOptions,
): Promise<string> {
  const XhrClass = xhrClass() as new () => Xhr;
  return new Promise((resolve, reject) => {
    const xhr = new XhrClass();
    xhr.open('POST', url);
    xhr.timeout = timeoutMs;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => call.onUploadProgress?.(event.total ? event.loaded / event.total : 0);
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve(xhr.responseText) : reject(new Error(`HTTP ${xhr.status}`)));
    xhr.onerror = xhr.ontimeout = () => reject(new Error('network'));
    xhr.onabort = () => reject(new Aborted());
    call.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });
}

/** Transport failures to the specification's codes: 5 network/time-out, 600003 aborted, 602001 failed upload. */
export function mapTransportError(error: unknown, upload: boolean): ApiError {
  if (error instanceof Aborted) return transportError(transportCodes.ABORTED);
  if (upload) return transportError(transportCodes.TRANSFER_FAILED);
  return transportError(transportCodes.NETWORK);
}
