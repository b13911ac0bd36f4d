// The sending lease, watched after every step of the world: a sender takes it over from
// another only when that one is dead (liveness known), or, when liveness cannot be told,
// once its lease has run out on the machine's one clock. A takeover from a live sender
// would leave the fence alone to keep two senders apart. And a live sender renews its lease
// before it runs out, while it has sales claimed.
import type Database from 'better-sqlite3';
import { keptWhileUnchanged, type FileVersion } from './file-version.js';
import type { LivenessMode } from './sim-till.js';
import type { World } from './world.js';

interface LeaseRow {
  owner: string | null;
  epoch: number;
  expiresAt: number;
}

export function createLeaseWatch(
  database: Database.Database,
  version: FileVersion,
  world: World,
  mode: LivenessMode,
  ttlMs: number,
  /** Since when no process was kept from its timers or disk, nor any clock stepped. */
  quietSince: () => number,
) {
  const read = database.prepare(
    'select lease_owner as owner, lease_epoch as epoch, lease_expires_at as expiresAt from sync_state where id = 1',
  );
  const claimedBy = database
    .prepare(`select count(*) from outbox where state = 'sending' and claim_owner = ?`)
    .pluck();
  const claimed = keptWhileUnchanged(version, (owner: string) => claimedBy.get(owner) as number);
  let last = read.get() as LeaseRow;
  let lastAt = version.current;
  const pidOf = (owner: string) => Number(owner.split('#')[1]);

  /**
   * A live sender renews its lease in time: while it has sales claimed, and nothing kept it
   * from its timers or its disk for a lease's time, its lease has not run out.
   */
  function renewedInTime(lease: LeaseRow): string | undefined {
    if (lease.owner === null || world.time < quietSince() + ttlMs) return undefined;
    const holder = world.processes.get(pidOf(lease.owner));
    if (!holder?.alive || claimed(lease.owner) === 0) return undefined;
    const late = holder.clock.now() - lease.expiresAt;
    return late > 0
      ? `${lease.owner} sends under a lease that ran out ${late} ms ago (it did not renew it)`
      : undefined;
  }

  /** What is wrong with the lease's last change, if anything. */
  return function check(): string | undefined {
    // An unchanged file holds the lease read last: it has not changed hands.
    if (version.current === lastAt) return renewedInTime(last);
    lastAt = version.current;
    const now = read.get() as LeaseRow;
    const before = last;
    last = now;
    const stale = renewedInTime(now);
    if (stale) return stale;
    // Taken and given back within one step (a short pass): who took it is not known here.
    if (now.epoch === before.epoch || before.owner === null || now.owner === null) return undefined;
    if (now.owner === before.owner) return undefined;
    const holder = world.processes.get(pidOf(before.owner));
    if (!holder?.alive) return undefined;
    if (mode === 'exact')
      return `${now.owner} took the lease from ${before.owner}, which is alive (epoch ${before.epoch} to ${now.epoch})`;
    const taker = world.processes.get(pidOf(now.owner));
    // An expiry further ahead than a lease lasts was written by a clock since corrected.
    const takerNow = taker?.clock.now() ?? 0;
    const running = takerNow <= before.expiresAt && before.expiresAt <= takerNow + ttlMs;
    if (mode === 'unknown' && taker && running)
      return `${now.owner} took the lease from ${before.owner} before it ran out (${before.expiresAt - taker.clock.now()} ms left)`;
    return undefined;
  };
}
