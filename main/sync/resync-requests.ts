// A person's Resync, shared by the till's processes: the one asked writes a request, the
// others follow it once, at their next tick. Asking again when following would make every
// other process follow this one, and so on for ever; so a follower only marks it seen.
//
// A request is the asker's wall time when asked, as it was: a follower lifts the waits of
// sends begun before it (db/outbox.ts, makeAllDue). A new request is one that differs from
// the last seen, not a larger one, so a clock stepped back since an earlier Resync neither
// hides the next nor dates it hours ahead (which made a follower lift a wait the platform
// asked for after the ask). A follower compares that wall time with its own only as far as
// the wall clock kept time: a step back after the ask dates later sends before it.
import type { Clock } from './clock.js';
import type { SyncState } from '../../db/sync-state.js';
import type { StorageGuard } from './storage-guard.js';
import type { SaleSender } from './pass.js';

export function createResyncRequests(syncState: SyncState, storage: StorageGuard) {
  let lastSeen = syncState.read().resyncRequestedAt;
  const requested = () => syncState.read().resyncRequestedAt;
  /** The last request a refusal of the key answered: following it keeps that pause. */
  let pauseAnswered: number | null | undefined;
  /** The request there when this process learnt the platform out of reach, if it is. */
  let offlineUnder: { asked: number | null } | undefined;
  /** The wall clock's steps back (ms, 0 or less) seen since the requests were last read. */
  let steppedBack = 0;
  return {
    /**
     * A request another process wrote that this one has not followed yet. None: one written
     * later is asked after every step seen so far.
     */
    unfollowed(): number | undefined {
      const asked = requested();
      if (asked === lastSeen) steppedBack = 0;
      return asked !== lastSeen ? asked : undefined;
    },
    /**
     * The link went offline (true) or that was forgotten (false). A request already written
     * then was tried before the till learnt it: following it later must not lift what was
     * learnt since (the simulation's seed 909, a pass held up by a lock until long after).
     */
    noteOffline(offline: boolean): void {
      if (!offline) offlineUnder = undefined;
      else if (!offlineUnder) {
        const read = storage.attempt('the sync state', requested);
        if (read.ok) offlineUnder = { asked: read.value };
      }
    },
    /** Following this request may forget that the platform was out of reach. */
    liftsOffline: (asked: number) => offlineUnder?.asked !== asked,
    /** The wall clock stepped (a clock watch's check): a step back dates later sends earlier. */
    noteClockStep(step: { ms: number } | null): void {
      if (step && step.ms < 0) steppedBack += step.ms;
    },
    /**
     * This process follows a request another wrote. Returns when it was asked at the
     * earliest, on the wall clock (for the sends begun before it) and the steady one: a step
     * back seen since the requests were last read may have come after this one, so it counts
     * as if it had (the simulation's seed 6714: a follower stopped across a step back of
     * 5,028 s took a Retry-After given after the ask for one given before, and sent the sale
     * 75 s early). One seen before is not counted: it kept a Resync from lifting a wait.
     */
    follow(asked: number, clock: Clock): { wall: number; monotonic: number } {
      lastSeen = asked;
      const now = clock.now();
      const wall = Math.min(asked + steppedBack, now);
      steppedBack = 0;
      return { wall, monotonic: clock.monotonic() - (now - wall) };
    },
    /**
     * A person asked here. Asked again within the millisecond, it is the same request: one
     * dated a millisecond on lifted, in a follower, the wait the platform gave a send begun
     * after both asks in that millisecond (the simulation's seed 4383: a sale sent 144 s
     * before its Retry-After). No screen goes on saying the platform asked the queue to
     * wait: the followers lift only the waits begun before the ask; a later one is written
     * again.
     */
    ask(now: number): void {
      lastSeen = now;
      steppedBack = 0;
      storage.attempt('the sync state', () =>
        syncState.update({ resyncRequestedAt: lastSeen, throttledUntil: null }),
      );
    },
    /** Where the requests stood when a pass began, if it could be read. */
    current: () => storage.attempt('the sync state', requested),
    /**
     * A refusal of the key answers the request a pass began under, if none came since: its
     * pause stays. The rest is still followed (the waits begun before it are lifted): marked
     * seen instead, a hold the platform asked of this process outlived the Resync, and its
     * sales waited for it (the simulation's seed 1890).
     */
    answeredUpTo(asked: number): void {
      if (requested() === asked) pauseAnswered = asked;
    },
    /** Following this request may lift the pause: no refusal of the key answered it. */
    liftsPause: (asked: number) => pauseAnswered !== asked,
  };
}

export type ResyncRequests = ReturnType<typeof createResyncRequests>;

/**
 * A pass's sender that notes, as each request leaves, the Resync it tries the key after:
 * a refusal of the key answers that one and every one before (not only those asked before
 * the pass began, which a pass under way when a person pressed would try once more).
 */
export function sendingAfterAsks(sender: SaleSender, resyncs: Pick<ResyncRequests, 'current'>) {
  let before = resyncs.current();
  return {
    sender: {
      postSale(body, key, signal) {
        before = resyncs.current();
        return sender.postSale(body, key, signal);
      },
    } satisfies SaleSender,
    askedBefore: () => before,
  };
}
