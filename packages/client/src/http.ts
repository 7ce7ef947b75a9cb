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
import axios, { AxiosError, type AxiosInstance } from 'axios';
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
  /** Called for codes 401 and 50001 before the error is thrown (the web logs out after 1 s). */
  onSessionExpired?: (error: ApiError) => void;
}

export interface CallOptions {
  /** Sent as Idempotency-Key on money-moving POSTs: a retry with the same key moves money once. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  onUploadProgress?: (fraction: number) => void;
}

/** The transport under the typed endpoints: headers, codec, envelope, error mapping. */
export class HttpClient {
  private readonly axios: AxiosInstance;

  constructor(private readonly options: ClientOptions) {
    this.axios = axios.create({
      baseURL: options.baseURL,
      timeout: options.timeoutMs ?? NETWORK_TIMEOUT_MS,
      // We read the raw text: encrypted answers are not JSON until unscrambled.
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      validateStatus: (status) => status >= 200 && status < 300,
    });
  }

  get<T>(path: string, query: FormData = {}, call: CallOptions = {}): Promise<T> {
    const search = toUrlEncoded(query);
    return this.request<T>('GET', search ? `${path}?${search}` : path, undefined, call);
  }

  post<T>(path: string, form: FormData = {}, call: CallOptions = {}): Promise<T> {
    return this.request<T>('POST', path, form, call);
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
    if (token) {
      headers.Authorization = token;
      headers['X-Access-Token'] = token;
    } else if (initData) {
      headers.Authorization = `tma ${initData}`;
    }
    if (call.idempotencyKey) headers['Idempotency-Key'] = call.idempotencyKey;
    return headers;
  }

  private encryptionOn(path: string): boolean {
    const flag = typeof this.options.encryption === 'function' ? this.options.encryption() : this.options.encryption;
    return Boolean(flag) || isAlwaysEncrypted(path);
  }

  private async request<T>(
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
      const response = await this.axios.request<string>({
        method,
        url: path.replace(/^\//, ''),
        data,
        headers,
        ...(call.signal ? { signal: call.signal } : {}),
        ...(call.onUploadProgress
          ? { onUploadProgress: (event) => call.onUploadProgress?.(event.total ? event.loaded / event.total : 0) }
          : {}),
      });
      text = response.data;
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
    const error = new ApiError(envelope.code, envelope.message || NET_ERROR_MESSAGE, 'business', envelope.result);
    if (SESSION_EXPIRY_CODES.includes(envelope.code)) this.options.onSessionExpired?.(error);
    throw error;
  }
}

/** Transport failures to the specification's codes: 5 network/time-out, 600003 aborted, 602001 failed upload. */
export function mapTransportError(error: unknown, upload: boolean): ApiError {
  if (axios.isCancel(error) || (error instanceof AxiosError && error.code === AxiosError.ERR_CANCELED)) {
    return transportError(transportCodes.ABORTED);
  }
  if (upload) return transportError(transportCodes.TRANSFER_FAILED);
  return transportError(transportCodes.NETWORK);
}
