// Exit codes of the tillsync command, documented in the README.
export const EXIT = {
  ok: 0,
  /** Something unexpected failed; the message says what. */
  failure: 1,
  /** The input (arguments, JSON, a file) was not valid; nothing was written. */
  invalidInput: 2,
  /** The database file could not be used (not ours, damaged, from a newer app, unwritable). */
  databaseUnusable: 3,
  /** `sync --once`, `resync`: sales are still waiting to be sent (offline, backoff, busy). */
  salesPending: 4,
  /** `sync --once`, `resync`: nothing waits, but some sales are parked as refused. */
  salesRefused: 5,
  /** `sync --once`, `resync`: the platform refused the API key; the queue is paused. */
  queuePaused: 6,
  /** `restore`: Tillsync (the app or the daemon) is using the database; stop it first. */
  inUse: 7,
  /** `doctor`: at least one check failed; each says what to do. */
  problemsFound: 8,
  /** `shift`, `cashiers`, `sales void`, `sales return`: not allowed (sign-in needed, wrong PIN, locked, a manager must approve); nothing was written. */
  notAllowed: 9,
  /** `shift`: the shift is not in the state asked for (none open, or one already open); nothing was written. */
  shiftState: 10,
  /** `sales void`: the sale cannot be voided (sent, being sent, refused, in doubt, or voided already); nothing was written. */
  notVoidable: 11,
  /** `sales return`: the sale takes no return (voided, discarded, or everything already returned); nothing was written. */
  notReturnable: 12,
  /** `print`, `drawer open`, `printer test`, `printer status`: no printer is set, or it did not take the job (the message says what to check). */
  printerProblem: 13,
} as const;
