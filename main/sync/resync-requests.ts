// A person's Resync, shared by the till's processes: the one asked writes a request, the
// others follow it once, at their next tick. Asking again when following would make every
// other process follow this one, and so on for ever; so a follower only marks it seen.
import type { SyncState } from '../../db/sync-state.js';
import type { StorageGuard } from './storage-guard.js';

export function createResyncRequests(syncState: SyncState, storage: StorageGuard) {
  let lastSeen = syncState.read().resyncRequestedAt;
  const requested = () => syncState.read().resyncRequestedAt;
  return {
    /** A request another process wrote that this one has not followed yet. */
    unfollowed(): number | undefined {
      const asked = requested();
      return asked > lastSeen ? asked : undefined;
    },
    /** This process follows a request another wrote. */
    follow(asked: number): void {
      lastSeen = asked;
    },
    /** A person asked here: the request only grows, whatever the wall clock does. */
    ask(now: number): void {
      lastSeen = Math.max(now, requested() + 1);
      storage.attempt('the sync state', () => syncState.update({ resyncRequestedAt: lastSeen }));
    },
    /** Where the requests stood when a pass began, if it could be read. */
    current: () => storage.attempt('the sync state', requested),
    /** A refusal of the key answers every request up to this one: none is followed now. */
    answeredUpTo(asked: number): void {
      lastSeen = Math.max(lastSeen, asked);
    },
  };
}
