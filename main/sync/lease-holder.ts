// Holding the sending lease during a pass. Validity is judged on the monotonic clock: after
// a stall (SIGSTOP, a suspended machine) longer than the renewal margin, the holder renews
// in the database before it sends anything more, and stops if the lease is no longer its
// own. Renewals run on the injected timers.
import type { Lease, LeaseAnswer } from '../../db/lease.js';
import type { Clock, TimerHandle, Timers } from './clock.js';
import type { LivenessProbe } from './sender-identity.js';
import type { StorageGuard } from './storage-guard.js';

export interface LeaseHolderOptions {
  lease: Lease;
  storage: StorageGuard;
  clock: Clock;
  timers: Timers;
  owner: string;
  liveness: LivenessProbe;
  ttlMs: number;
}

export function createLeaseHolder(options: LeaseHolderOptions) {
  const { lease, storage, clock, timers, owner } = options;
  let epoch: number | null = null;
  let trustedUntil = 0; // monotonic
  let renewal: TimerHandle | undefined;

  const margin = () => options.ttlMs / 3;

  function renewNow(): boolean {
    if (epoch === null) return false;
    const held = epoch;
    const renewed = storage.attempt('the sending lease', () =>
      lease.renew(owner, held, clock.now(), options.ttlMs),
    );
    if (renewed.ok && renewed.value) {
      trustedUntil = clock.monotonic() + options.ttlMs - margin();
      return true;
    }
    if (renewed.ok) epoch = null; // taken by another sender: ours no more
    return false;
  }

  function scheduleRenewal(): void {
    renewal = timers.after(
      margin(),
      () => {
        // A renewal the disk refused is tried again at the next: only another sender's
        // lease ends the renewals.
        if (epoch === null) return;
        renewNow();
        if (epoch !== null) scheduleRenewal();
      },
      { background: true },
    );
  }

  return {
    get epoch() {
      return epoch;
    },
    /**
     * Takes the lease for a pass; starts renewing it. `parkInFlight`: why a sale a stopped
     * sender left on the wire waits for a person (null: it is sent again).
     */
    acquire(parkInFlight: string | null = null): LeaseAnswer | undefined {
      const taken = storage.attempt('the sending lease', () =>
        lease.acquire({
          owner,
          now: clock.now(),
          ttlMs: options.ttlMs,
          liveness: options.liveness,
          parkInFlight,
        }),
      );
      if (!taken.ok) return undefined;
      if (taken.value.acquired) {
        epoch = taken.value.epoch;
        trustedUntil = clock.monotonic() + options.ttlMs - margin();
        renewal?.cancel();
        scheduleRenewal();
      }
      return taken.value;
    },
    /** Whether this sender may send now: renews first if the last renewal is too old. */
    ensure(): boolean {
      if (epoch === null) return false;
      if (clock.monotonic() < trustedUntil) return true;
      return renewNow();
    },
    release(): void {
      renewal?.cancel();
      if (epoch === null) return;
      const held = epoch;
      epoch = null;
      storage.attempt('the sending lease', () => lease.release(owner, held));
    },
  };
}

export type LeaseHolder = ReturnType<typeof createLeaseHolder>;
