// What a caught value says, whatever was thrown: its message and its code (Node's and
// SQLite's errors carry a `code`), read without trusting its type.

/** The message of an Error, or the thrown value as text. */
export const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The `code` of an error (`ENOENT`, `SQLITE_FULL`), when it has one. */
export function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}
