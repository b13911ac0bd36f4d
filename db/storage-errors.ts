// SQLite failures while writing, told to a cashier: what happened, that nothing was
// half-written, and what to do next.
import type { AppError } from '../domain/result.js';
import { codeOf } from '../domain/errors.js';

const advice: Array<[RegExp, string]> = [
  [/^SQLITE_FULL/, 'the disk is full. Free some space on the till, then try again'],
  [
    /^SQLITE_READONLY|^SQLITE_PERM|^SQLITE_CANTOPEN/,
    'the data folder cannot be written (a read-only disk, or its permissions). Fix that, then try again',
  ],
  [/^SQLITE_BUSY|^SQLITE_LOCKED/, 'the database is busy. Try again in a moment'],
  [/^SQLITE_IOERR/, 'the disk reported an error. Check the disk, then try again'],
];

/** A storage error for the person at the till, or undefined if it is not a storage fault. */
export function describeStorageError(error: unknown, action: string): AppError | undefined {
  const code = codeOf(error);
  if (code === undefined) return undefined;
  const hint = advice.find(([pattern]) => pattern.test(code))?.[1];
  if (!hint) return undefined;
  return {
    code: 'storage_failed',
    message: `${action} failed: ${hint}. Nothing was half-written.`,
  };
}
