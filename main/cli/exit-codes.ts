// Exit codes of the tillsync command, documented in the README.
export const EXIT = {
  ok: 0,
  /** Something unexpected failed; the message says what. */
  failure: 1,
  /** The input (arguments, JSON, a file) was not valid; nothing was written. */
  invalidInput: 2,
  /** The database file could not be used (not ours, damaged, from a newer app, unwritable). */
  databaseUnusable: 3,
} as const;
