// SQLite failures while writing, told to a cashier: what happened, that nothing was
// half-written, and what to do next (store.storageFailed says each hint in the catalog).
import type { AppError } from '../domain/result.js';
import { codeOf } from '../domain/errors.js';
import { said } from '../domain/i18n/said.js';

const hints: Array<[RegExp, 'full' | 'readOnly' | 'busy' | 'disk']> = [
  [/^SQLITE_FULL/, 'full'],
  [/^SQLITE_READONLY|^SQLITE_PERM|^SQLITE_CANTOPEN/, 'readOnly'],
  [/^SQLITE_BUSY|^SQLITE_LOCKED/, 'busy'],
  [/^SQLITE_IOERR/, 'disk'],
];

/**
 * A storage error for the person at the till, or undefined if it is not a storage fault.
 * `action` ("Saving the sale") is the caller's words, kept as given in every language.
 */
export function describeStorageError(error: unknown, action: string): AppError | undefined {
  const code = codeOf(error);
  if (code === undefined) return undefined;
  const hint = hints.find(([pattern]) => pattern.test(code))?.[1];
  if (!hint) return undefined;
  return { code: 'storage_failed', ...said('store.storageFailed', { action, hint }) };
}
