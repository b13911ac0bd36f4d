// The state of the link to the platform, as the answers tell it: reachable or not, the key
// refused (a pause that survives restarts, for that key only), the last success and error,
// and whether the platform's clock disagrees with the till's.
import type { SyncState } from '../../db/sync-state.js';
import type { Answer, Classification } from './classify.js';

export const CLOCK_SKEW_LIMIT_MS = 5 * 60_000;

export interface Logger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export function createLinkState(syncState: SyncState, logger: Logger, changed: () => void) {
  let offline = false;
  let paused = false;
  const initial = syncState.read();
  let connection = initial.connection;
  let clockSkewMs = initial.clockSkewMs; // kept here: read on every answer otherwise
  let lastSuccessWrite = 0;

  function setConnection(next: 'online' | 'offline'): void {
    if (connection === next) return;
    connection = next;
    offline = next === 'offline';
    syncState.update({ connection: next });
    logger.info(
      { connection: next },
      next === 'online' ? 'The platform is reachable' : 'The platform is unreachable',
    );
    changed();
  }

  function noteClock(answer: Answer, now: number): void {
    if (answer.kind !== 'response') return;
    const serverDate = Date.parse(answer.headers.get('date') ?? '');
    if (Number.isNaN(serverDate)) return;
    const skew = serverDate - now;
    const next = Math.abs(skew) > CLOCK_SKEW_LIMIT_MS ? skew : null;
    // Date has whole seconds: only a change of more than a second is news.
    const same =
      next === clockSkewMs ||
      (next !== null && clockSkewMs !== null && Math.abs(next - clockSkewMs) < 1000);
    if (same) return;
    clockSkewMs = next;
    syncState.update({ clockSkewMs });
  }

  return {
    get offline() {
      return offline;
    },
    get paused() {
      return paused;
    },
    setConnection,
    /** Back from an outage or asked to try now: assume reachable until told otherwise. */
    forgetOffline(): void {
      offline = false;
      connection = 'unknown';
    },
    /** On start: keep a pause only if it was for the key in use now. */
    restorePause(keyHash: string | null): void {
      const state = syncState.read();
      paused = state.pausedReason !== null && state.pausedKeyHash === keyHash;
      if (state.pausedReason && !paused) this.unpause();
    },
    unpause(): void {
      paused = false;
      syncState.update({
        pausedReason: null,
        pausedKeyHash: null,
        pausedAt: null,
        connection: 'unknown',
      });
      changed();
    },
    record(
      answer: Exclude<Answer, { kind: 'aborted' }>,
      verdict: Classification,
      keyHash: string | null,
    ): void {
      const now = Date.now();
      noteClock(answer, now);
      if (verdict.kind === 'synced') {
        if (offline || now - lastSuccessWrite > 1000) {
          lastSuccessWrite = now;
          syncState.update({ lastSuccessAt: now });
        }
        setConnection('online');
        return;
      }
      syncState.update({
        lastErrorCode: verdict.code,
        lastErrorMessage: verdict.reason,
        lastErrorAt: now,
      });
      if (verdict.kind === 'retry' && verdict.unreachable) setConnection('offline');
      else if (verdict.kind !== 'pause') setConnection('online');
      if (verdict.kind === 'pause' && !paused) {
        paused = true;
        connection = 'authorization';
        syncState.update({
          connection: 'authorization',
          pausedReason: verdict.reason,
          pausedKeyHash: keyHash,
          pausedAt: now,
        });
        logger.warn(
          { code: verdict.code },
          'The platform refused the API key: sync is paused until the key or settings change',
        );
        changed();
      }
    },
  };
}

export type LinkState = ReturnType<typeof createLinkState>;
