// The state of the link to the platform, as the answers tell it: reachable or not, the key
// refused (a pause that survives restarts, for that key only), the last success and error,
// whether the platform honours idempotency keys, and whether its clock disagrees with
// ours. Kept in memory first, so a write that fails (disk full) loses nothing the engine
// needs; written through the storage guard.
import type { SyncState, SyncStateRow } from '../../db/sync-state.js';
import type { Answer, Classification } from './classify.js';
import type { KeyCheckVerdict } from './key-check.js';
import type { Clock } from './clock.js';
import type { StorageGuard } from './storage-guard.js';
import type { Logger } from '../log/log-port.js';
import type { SendingMode } from '../../domain/sync-status.js';
import { createKeysHonoured } from './keys-honoured.js';
import { createStateWrites } from './state-writes.js';

export const CLOCK_SKEW_LIMIT_MS = 5 * 60_000;

export function createLinkKnowledge(
  syncState: SyncState,
  storage: StorageGuard,
  logger: Logger,
  clock: Clock,
  changed: () => void,
) {
  const now = clock.now;
  const writes = createStateWrites(syncState, storage);
  const { write } = writes;
  const initial = syncState.read();
  let offline = false;
  let paused = false;
  let connection = initial.connection;
  let clockSkewMs = initial.clockSkewMs;
  // Steady times of the last writes of a success and a contact the disk took (null: none
  // yet): at most one a second, however fast answers come, whatever the wall clock does.
  let lastSuccessWrite: number | null = null;
  let errorSinceSuccess = false;
  let lastContactWrite: number | null = null;
  /** The last error logged: an outage of a thousand attempts is one line, not a thousand. */
  let loggedError: string | null = null;
  /** Steady time of the platform's last answer (for the idle check), null before one. */
  let lastContactSteady: number | null = null;
  /** Asked to try now (a Resync, new settings) so far: a probe's answer is judged by it. */
  let asks = 0;

  const secondSince = (steady: number | null) =>
    steady === null || clock.monotonic() - steady > 1000;

  /** The platform answered (anything): "online" in status means recently. */
  function noteContact(): void {
    lastContactSteady = clock.monotonic();
    // A second from the last write the disk took: one it refused is no write, and the
    // contact now goes in its place (the simulation's seed 3588).
    if (secondSince(lastContactWrite) && write({ lastContactAt: now() })) {
      lastContactWrite = lastContactSteady;
      changed();
    }
  }

  /** `written`: the caller wrote it already (with what the answer told). */
  function setConnection(next: 'online' | 'offline', written = false): void {
    // The state read at start is another process's word: this one must still act on it.
    if (connection === next && offline === (next === 'offline')) return;
    connection = next;
    offline = next === 'offline';
    if (!written) write({ connection: next });
    logger.info(
      { connection: next },
      next === 'online' ? 'The platform is reachable' : 'The platform is unreachable',
    );
    changed();
  }

  /** What this process believes of the link, written again if the disk says otherwise. */
  function sayAgain(belief: 'online' | 'offline'): void {
    let said: string | null = null;
    try {
      said = syncState.read().connection;
    } catch {
      // Unreadable now: written anyway (a refused write waits for the next one).
    }
    if (said === belief) return;
    write({ connection: belief });
    changed(); // the screens read the disk's word again
  }

  /** The platform refused the key the request carried: the queue waits for another. */
  function pauseFor(verdict: { code: string; reason: string }, keyHash: string | null): void {
    // Refused again: said again on disk, where the till's other process, which did not
    // know, may have written "online" since (the simulation's seed 1839).
    if (paused) {
      write({ connection: 'key_rejected' });
      return;
    }
    paused = true;
    connection = 'key_rejected';
    write({
      connection: 'key_rejected',
      pausedReason: verdict.reason,
      pausedKeyHash: keyHash,
      pausedAt: now(),
    });
    logger.warn(
      { code: verdict.code },
      'The platform refused the API key: sync is paused until the key or settings change',
    );
    changed();
  }

  /**
   * A failure as a person reads it, stored (with what it says of the link, if anything);
   * logged with its technical code when new.
   */
  function noteError(
    answer: Answer,
    verdict: { code: string; reason: string },
    at: number,
    link: Partial<SyncStateRow> = {},
  ): void {
    write({
      lastErrorCode: verdict.code,
      lastErrorMessage: verdict.reason,
      lastErrorAt: at,
      ...link,
    });
    errorSinceSuccess = true;
    changed(); // the Sync screen names the last error as it happens, retries in place too
    if (loggedError === verdict.code) return;
    loggedError = verdict.code;
    const detail = answer.kind === 'network' ? answer.message : undefined;
    logger.warn({ code: verdict.code, detail }, verdict.reason);
  }

  function noteClock(answer: Answer, at: number): void {
    if (answer.kind !== 'response') return;
    const serverDate = Date.parse(answer.headers.get('date') ?? '');
    if (Number.isNaN(serverDate)) return;
    const skew = serverDate - at;
    const next = Math.abs(skew) > CLOCK_SKEW_LIMIT_MS ? skew : null;
    // Date has whole seconds: only a change of more than a second is news.
    const same =
      next === clockSkewMs ||
      (next !== null && clockSkewMs !== null && Math.abs(next - clockSkewMs) < 1000);
    if (same) return;
    clockSkewMs = next;
    write({ clockSkewMs });
    changed();
  }

  const honoured = createKeysHonoured({ syncState, initial, write, now, logger, changed });

  return {
    /** Writes what a busy or full disk refused, so every reader sees what this one knows. */
    flush(): void {
      if (writes.flush()) changed(); // the disk says it now: tell the screens
    },
    get offline() {
      return offline;
    },
    get paused() {
      return paused;
    },
    asks: () => asks,
    /** Steady milliseconds since the platform last answered; null before any answer. */
    sinceContact: () => (lastContactSteady === null ? null : clock.monotonic() - lastContactSteady),
    setConnection,
    /**
     * A probe was answered: "online" is said on disk again, whatever this process thought:
     * the till's other process may have written "offline" since, and then exited (the
     * simulation's seed 3064), leaving "offline" while this one hears the platform.
     */
    probeAnswered(): void {
      noteContact();
      if (offline || connection !== 'online') setConnection('online');
      else sayAgain('online');
    },
    /**
     * A probe went unanswered: "offline" is said on disk again, whatever this process
     * thought: the till's other process may have written "online" since, and then exited
     * (the simulation's seed 33), leaving a status of "online" that no process believes.
     */
    probeUnanswered(): void {
      if (!offline) setConnection('offline');
      else sayAgain('offline');
    },
    /** Asked to try now: assume reachable until told otherwise. */
    forgetOffline(): void {
      asks += 1;
      offline = false;
      connection = 'checking';
      lastContactSteady = null;
    },
    /** On start: keep a pause only if it was for the key in use now. */
    restorePause(keyHash: string | null): void {
      const state = syncState.read();
      paused = state.pausedReason !== null && state.pausedKeyHash === keyHash;
      if (state.pausedReason && !paused) this.unpause();
    },
    unpause(): void {
      paused = false;
      connection = 'checking'; // as written: the next answer says more
      write({ pausedReason: null, pausedKeyHash: null, pausedAt: null, connection: 'checking' });
      changed();
    },
    ...honoured,
    /** Where this engine sends (null: nowhere yet), for processes without the configuration. */
    recordSender(mode: SendingMode | null, baseUrl: string | undefined): void {
      write({ senderMode: mode, senderBaseUrl: baseUrl ?? null });
    },
    /** The till's wall clock jumped (see clock-watch.ts): a person should know. */
    noteClockStep(step: { ms: number; at: number } | null): void {
      if (!step) return;
      logger.warn({ stepMs: step.ms }, 'The till clock jumped; waits go by the steady clock');
      write({ clockStepMs: step.ms, clockStepAt: step.at });
      changed();
    },
    /** The platform asked the whole queue to wait this long (429/503 Retry-After). */
    noteQueueWait(ms: number): void {
      write({ throttledUntil: now() + ms });
      logger.warn({ waitMs: ms }, 'The platform asked the till to slow down; the queue waits');
    },
    /**
     * `keyHash`: the key the request carried; `pauseKey`: the decision that the refusal
     * pauses the queue for it (main/sync/decide.ts: only while it is the key in use).
     */
    record(
      answer: Exclude<Answer, { kind: 'aborted' }>,
      verdict: Classification,
      keyHash: string | null,
      pauseKey: boolean,
    ): void {
      const at = now();
      noteClock(answer, at);
      if (answer.kind === 'response') noteContact();
      if (verdict.kind === 'synced') {
        // At most one write a second, but always the first success after an error, so
        // the status can tell that the error is past; "online" goes with it, in case the
        // till's other process wrote another state meanwhile.
        if (offline || errorSinceSuccess || secondSince(lastSuccessWrite)) {
          loggedError = null;
          if (write({ lastSuccessAt: at, ...(paused ? {} : { connection: 'online' }) })) {
            lastSuccessWrite = clock.monotonic();
            errorSinceSuccess = false;
          }
        }
        // A sale sent before the key was refused, answered after: the pause stands.
        if (paused) offline = false;
        else setConnection('online');
        return;
      }
      // Only an answer proves the platform is there: a request that hangs or is cut says
      // nothing of it (a slow platform is not an outage, nor is it proven online). Written
      // with the error, whatever this process thought: the till's other one may have
      // written "offline" meanwhile.
      const reached =
        verdict.kind === 'retry' && verdict.unreachable
          ? 'offline'
          : answer.kind === 'response' && verdict.kind !== 'paused'
            ? 'online'
            : null;
      noteError(answer, verdict, at, reached ? { connection: reached } : {});
      if (reached) setConnection(reached, true);
      if (verdict.kind === 'paused' && pauseKey) pauseFor(verdict, keyHash);
    },
    /**
     * What a check of the key found (main/sync/key-check.ts): a refusal pauses the queue at
     * once, as a refused sale would; an acceptance is contact, and ends a pause for this key.
     */
    recordKeyCheck(
      answer: Exclude<Answer, { kind: 'aborted' }>,
      check: KeyCheckVerdict,
      keyHash: string | null,
      keyCurrent: boolean,
    ): void {
      const at = now();
      noteClock(answer, at);
      if (answer.kind === 'response') noteContact();
      if (!keyCurrent) return; // a check of a key no longer in use says nothing of this one
      if (check.verdict === 'accepted') {
        if (paused) this.unpause();
        setConnection('online');
        return;
      }
      if (check.verdict === 'refused') {
        noteError(answer, check, at);
        pauseFor(check, keyHash);
        return;
      }
      if (check.verdict === 'unreachable') {
        // Written with the error, as a sale's: the till's other process may have written
        // "online" since this one last found the platform out of reach.
        noteError(answer, check, at, check.offline ? { connection: 'offline' } : {});
        if (check.offline) setConnection('offline', true);
      }
    },
  };
}

/** What the engine knows of the link (not the link a screen shows: domain/link.ts). */
export type LinkKnowledge = ReturnType<typeof createLinkKnowledge>;
