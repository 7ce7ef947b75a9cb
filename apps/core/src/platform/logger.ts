import pino, { type Logger } from 'pino';

export type { Logger };

/** Bytes of log lines gathered before one write to stdout (about 20 request lines). */
export const LOG_BUFFER_BYTES = 4096;
/** A quiet server's lines wait at most this long in the buffer. */
export const LOG_FLUSH_MS = 500;

/**
 * Structured JSON logs. Secrets never reach them: request bodies are not logged,
 * and these paths are redacted wherever a caller passes an object by mistake.
 *
 * Without a destination they go to stdout through a buffer, written asynchronously: one synchronous
 * write per request line was a system call on every bet (docs/performance.md, "What a bet allocates").
 * Lines at warn and above are written at once; the others within LOG_FLUSH_MS or every
 * LOG_BUFFER_BYTES. What is buffered is written synchronously when the process exits (process.exit,
 * a fatal error: pino registers that for its own destinations); a SIGKILL loses at most the buffer.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'prism-core' },
      redact: {
        paths: [
          'password',
          'code',
          'token',
          'initData',
          'authorization',
          '*.password',
          '*.code',
          '*.token',
          '*.initData',
          '*.authorization',
          'req.headers.authorization',
          'req.headers["x-access-token"]',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? bufferedStdout(),
  );
}

/** A pino line's level number, read from its start (`{"level":30,...`): 40 (warn) and above start with 4, 5 or 6. */
const URGENT = /^\{"level":[4-6]\d,/;

/** stdout through pino's own buffered destination, flushed on a timer and at once after a warning or an error. */
export function bufferedStdout(fd = 1): pino.DestinationStream {
  const stream = pino.destination({ dest: fd, sync: false, minLength: LOG_BUFFER_BYTES });
  // flush() throws once the stream is closed: the timer stops with it.
  const timer = setInterval(() => stream.flush(), LOG_FLUSH_MS);
  timer.unref();
  stream.on('close', () => clearInterval(timer));
  // pino's flush() does nothing while a write is in flight, and that write's end leaves anything
  // under the buffer's size for the timer: an urgent line then also flushes once that write has
  // drained (one listener however many urgent lines arrive meanwhile).
  let drainFlush = false;
  const flushUrgent = () => {
    stream.flush();
    if (drainFlush) return;
    drainFlush = true;
    stream.once('drain', () => {
      drainFlush = false;
      stream.flush();
    });
  };
  return {
    write(line: string) {
      stream.write(line);
      if (URGENT.test(line)) flushUrgent();
    },
    // For logger.flush(): what is buffered is written.
    flush: (done?: (error?: Error) => void) => stream.flush(done),
  } as pino.DestinationStream;
}

/**
 * The request lines' logger: the same destination, level and fields, without the redaction, which
 * costs a walk of its paths over every field of every line (a tenth of the bytes a bet allocated).
 * A request line holds only what requestContext writes into it (id, method, path, status, user id,
 * time): nothing there is secret.
 */
export function requestLogger(logger: Logger): Logger {
  return logger.child({}, { redact: [] });
}

export const silentLogger: Logger = pino({ level: 'silent' });
