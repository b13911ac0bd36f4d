// The sync engine's own storage faults (disk full, database busy, read-only disk) never
// crash it and never lose an answer: a failed write is reported (status and log, once per
// problem), and the caller keeps what it could not write and tries again.
import type { StorageProblem } from '../../domain/sync-status.js';
import type { Logger } from '../log/log-port.js';
import { codeOf, messageOf } from '../../domain/errors.js';

export const isStorageError = (error: unknown): boolean => /^SQLITE_/.test(codeOf(error) ?? '');

export function createStorageGuard(logger: Logger, now: () => number, changed: () => void) {
  let problem: StorageProblem | null = null;

  /** A write worked: any reported problem is over. */
  function succeeded(): void {
    if (!problem) return;
    logger.info({ what: problem.what }, 'Writing to the database works again');
    problem = null;
    changed();
  }

  /** A write failed: a storage error becomes the reported problem; anything else is thrown. */
  function failed(what: string, error: unknown): void {
    if (!isStorageError(error)) throw error;
    const message = messageOf(error);
    if (problem?.message === message) return;
    problem = { what, message, since: now() };
    logger.error(
      { what, error: message },
      'The sync engine could not write to the database; it will try again',
    );
    changed();
  }

  return {
    get problem() {
      return problem;
    },
    succeeded,
    failed,
    /** Runs a write; a storage error becomes the reported problem and `{ ok: false }`. */
    attempt<T>(what: string, write: () => T): { ok: true; value: T } | { ok: false } {
      try {
        const value = write();
        succeeded();
        return { ok: true, value };
      } catch (error) {
        failed(what, error);
        return { ok: false };
      }
    },
  };
}

export type StorageGuard = ReturnType<typeof createStorageGuard>;
