import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Secrets never reach them: request bodies are not logged,
 * and these paths are redacted wherever a caller passes an object by mistake.
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
    destination,
  );
}

export const silentLogger: Logger = pino({ level: 'silent' });
