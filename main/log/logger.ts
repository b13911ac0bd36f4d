// Structured JSON logs (pino). The API key can never be printed: the redaction paths cover
// every place a key or an Authorization header could sit, and the engine never logs the
// config whole.
import pino from 'pino';
import type { Logger } from '../sync/engine.js';

export const REDACT_PATHS = [
  'apiKey',
  '*.apiKey',
  'config.apiKey',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'key',
  '*.key',
];

export function createLogger(
  options: { level?: string; destination?: NodeJS.WritableStream } = {},
) {
  return pino(
    {
      name: 'tillsync',
      level: options.level ?? process.env.TILLSYNC_LOG_LEVEL ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { pid: process.pid },
    },
    options.destination ?? process.stdout,
  );
}

/** The engine's logger interface over pino. */
export function engineLogger(logger: pino.Logger): Logger {
  return {
    info: (details, message) => logger.info(details, message),
    warn: (details, message) => logger.warn(details, message),
    error: (details, message) => logger.error(details, message),
  };
}
