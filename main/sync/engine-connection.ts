// The sync engine's own connection to the till database, and what it does when stopping.
import {
  dataVersionReader,
  openDatabase,
  setBusyTimeout,
  setCacheKib,
  STREAMING_CACHE_KIB,
} from '../../db/open.js';
import { startWalFlusher } from '../../db/wal-flusher.js';
import type { Logger } from '../log/log-port.js';
import type { EngineOptions } from './engine-options.js';

/**
 * How long the engine's connection waits for a lock: running, then reports and retries;
 * stopping (past its grace time), so that no write holds the exit deadline up.
 */
const BUSY_TIMEOUT_MS = { running: 1000, stopping: 50 };

/**
 * The engine's connection (synchronous=NORMAL, see engine.ts, and SQLite's default page
 * cache, see db/open.ts), which flushes its WAL in the background (db/wal-flusher.ts). A connection given to the engine (the simulation's,
 * which it fails on purpose) is used as it is.
 */
export function engineDatabase(options: EngineOptions, logger: Logger) {
  const database =
    options.database ??
    openDatabase(options.file, { synchronous: 'NORMAL', busyTimeoutMs: BUSY_TIMEOUT_MS.running });
  // It reads each sale once and writes the queue's head: a small cache keeps the memory down.
  if (!options.database) setCacheKib(database, STREAMING_CACHE_KIB);
  const flusher = options.database
    ? undefined
    : startWalFlusher(options.file, (error) =>
        logger.warn({ error: error.message }, 'Could not flush the database log to disk'),
      );
  return {
    database,
    committed: () => flusher?.committed(),
    /** Changes whenever another connection (another process, the store) commits. */
    dataVersion: dataVersionReader(database),
    /** Past the grace time: no write may hold the exit deadline up behind another's lock. */
    stopping: () => setBusyTimeout(database, BUSY_TIMEOUT_MS.stopping),
    async close(): Promise<void> {
      await flusher?.stop();
      database.close();
    },
  };
}
