import type { GameEvent, SupportLiveEvent } from '@prism/domain';

export interface EventStreamOptions {
  /** Where /core/ lives ('/core/' in the web app). */
  baseURL: string;
  level?: number;
  onEvent: (event: GameEvent) => void;
  /**
   * Called when the stream is connected (the server answered and the stream is
   * open). Each call of subscribeGameEvents connects once, so a caller that
   * reconnects after onError hears it again on every reconnection.
   */
  onOpen?: () => void;
  /**
   * Called on each heartbeat: the server sends an SSE comment (`: keep-alive`)
   * every GAME_EVENTS_HEARTBEAT_MS, so a stream silent for longer has stalled.
   */
  onHeartbeat?: () => void;
  /** Called when the stream breaks; the caller falls back to polling and may reconnect. */
  onError?: (error: unknown) => void;
  fetchImpl?: typeof fetch;
}

/**
 * Live game events (server-sent events) read with fetch, so it works in
 * browsers and Node alike. Returns the function that closes the stream (after
 * which no callback is called).
 */
export function subscribeGameEvents(options: EventStreamOptions): () => void {
  const url = `${options.baseURL.replace(/\/$/, '')}/app/game/luckyLottery/events${options.level ? `?level=${options.level}` : ''}`;
  return subscribeStream<GameEvent>(url, {}, options);
}

export interface SupportStreamOptions extends Omit<EventStreamOptions, 'level' | 'onEvent'> {
  /** The signed-in player's token: the stream is their own conversation's. */
  token: string;
  onEvent: (event: SupportLiveEvent) => void;
}

/** New messages of the signed-in player's support conversation (server-sent events, read with fetch). */
export function subscribeSupportEvents(options: SupportStreamOptions): () => void {
  const url = `${options.baseURL.replace(/\/$/, '')}/app/support/events`;
  return subscribeStream<SupportLiveEvent>(url, { Authorization: options.token, 'X-Access-Token': options.token }, options);
}

type StreamCallbacks<E> = Pick<EventStreamOptions, 'onOpen' | 'onHeartbeat' | 'onError' | 'fetchImpl'> & { onEvent: (event: E) => void };

function subscribeStream<E>(url: string, headers: Record<string, string>, options: StreamCallbacks<E>): () => void {
  const controller = new AbortController();
  const live = () => !controller.signal.aborted;
  /** One block of the stream (up to a blank line): data lines make an event, a block of comments only is a heartbeat. */
  const dispatch = (block: string) => {
    const lines = block.split('\n').filter((line) => line !== '');
    const data = lines
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
      .join('\n');
    if (data) options.onEvent(JSON.parse(data) as E);
    else if (lines.length > 0 && lines.every((line) => line.startsWith(':'))) options.onHeartbeat?.();
  };
  const run = async () => {
    const body = await openStream(options.fetchImpl, url, headers, controller.signal);
    if (live()) options.onOpen?.();
    await readBlocks(body, live, dispatch);
  };
  run().catch((error: unknown) => {
    if (live()) options.onError?.(error);
  });
  return () => controller.abort();
}

type ResponseBody = NonNullable<Response['body']>;

/** Fetches the stream; a refusal (an HTTP error, or an envelope instead of a stream) throws. */
async function openStream(
  fetchImpl: typeof fetch | undefined,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<ResponseBody> {
  const response = await (fetchImpl ?? fetch)(url, { signal, headers: { Accept: 'text/event-stream', ...headers } });
  if (!response.ok || !response.body) throw new Error(`event stream answered HTTP ${response.status}`);
  // A refusal (unknown room, too many streams) is an ordinary envelope, not a stream: never "open".
  if (!response.headers.get('content-type')?.includes('text/event-stream')) {
    const answer = (await response.json().catch(() => undefined)) as { code?: number; message?: string } | undefined;
    throw new Error(`event stream refused: ${answer?.code ?? '?'} ${answer?.message ?? ''}`.trim());
  }
  return response.body;
}

/** Hands each block (up to a blank line) to `dispatch` while `live`; the stream's end throws. */
async function readBlocks(body: ResponseBody, live: () => boolean, dispatch: (block: string) => void): Promise<never> {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let lastWasCR = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('event stream ended');
    // Lines end with LF, CRLF or CR (a CRLF may be split across chunks).
    const text: string = lastWasCR && value.startsWith('\n') ? value.slice(1) : value;
    lastWasCR = text.endsWith('\r');
    buffer += text.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0 && live()) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      dispatch(block);
      end = buffer.indexOf('\n\n');
    }
  }
}
