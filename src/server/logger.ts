import pino, { type Logger } from 'pino';

/** JSON lines to stdout; secrets are redacted even if a caller logs them by mistake. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'tokenwise' },
    redact: {
      paths: [
        'password',
        '*.password',
        'token',
        '*.token',
        'refresh_token',
        '*.refresh_token',
        'authorization',
        '*.authorization',
        'secret',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  });
}
