// Structured JSON logs (pino): to stdout (the journal, a terminal), and to a size-rotated
// file in the data folder. The API key can never be printed: the redaction paths cover
// every place a key or an Authorization header could sit, and the engine never logs the
// config whole.
import { join } from 'node:path';
import pino from 'pino';
import type { Logger } from './log-port.js';
import { rotatingFile } from './rotating-file.js';

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

export const logFile = (dataDir: string) => join(dataDir, 'logs', 'tillsync.log');

export function createLogger(
  options: { level?: string; destination?: NodeJS.WritableStream; dataDir?: string } = {},
) {
  const streams: pino.StreamEntry[] = [{ stream: options.destination ?? process.stdout }];
  if (options.dataDir) streams.push({ stream: rotatingFile({ file: logFile(options.dataDir) }) });
  return pino(
    {
      name: 'tillsync',
      level: options.level ?? process.env.TILLSYNC_LOG_LEVEL ?? 'info',
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      base: { pid: process.pid },
    },
    pino.multistream(streams),
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
