// One engine's right to send: the lease (with its epoch, main/sync/lease-holder.ts), taken
// at each pass with the sales a stopped sender left mid-send, and handed back with the
// claims the pass did not send. A hand-back the disk refused (a lock, a read-only disk) is
// tried again every second, not only at the next tick with no pass under way: a pass that
// only probes an unreachable platform would leave the sales shown as sending meanwhile.
import { createLease } from '../../db/lease.js';
import type { OutboxQueries } from '../../db/outbox.js';
import type { TillDatabase } from '../../db/open.js';
import type { Logger } from '../log/log-port.js';
import type { Clock, TimerHandle, Timers } from './clock.js';
import type { SkipReason } from '../../domain/outcomes.js';
import { createLeaseHolder } from './lease-holder.js';
import type { OutcomeWriter } from './outcome-writer.js';
import type { LivenessProbe } from './sender-identity.js';
import type { StorageGuard } from './storage-guard.js';

export interface SendingRightsDeps {
  database: TillDatabase;
  outbox: OutboxQueries;
  outcomes: OutcomeWriter;
  storage: StorageGuard;
  logger: Logger;
  clock: Clock;
  timers: Timers;
  owner: string;
  liveness: LivenessProbe;
  ttlMs: () => number;
}

const RETRY_EVERY_MS = 1000;

export function createSendingRights(deps: SendingRightsDeps) {
  const { outbox, outcomes, storage, clock, owner } = deps;
  const holder = createLeaseHolder({
    lease: createLease(deps.database),
    storage,
    clock,
    timers: deps.timers,
    owner,
    liveness: deps.liveness,
    get ttlMs() {
      return deps.ttlMs();
    },
  });

  /** A pass holds the rights now: it hands its claims back itself when it ends. */
  let passing = false;
  let retry: TimerHandle | undefined;

  /** Hands back the sales claimed and not sent (an answered one has none); false if refused. */
  function releaseClaims(): boolean {
    const epoch = holder.epoch;
    return (
      epoch === null ||
      storage.attempt('a release', () => outbox.releaseClaims({ owner, epoch }, clock.now())).ok
    );
  }

  /**
   * The claims, then the lease. Unwritten outcomes or claims the disk kept hold the lease
   * (renewed) until a retry hands them back: a sale is shown as sending only while it is.
   * An outcome still unwritten may keep its sale for a retry in place once written (the
   * simulation's seed 3732: shown as sending until the next tick, 20 s on): tried again too.
   */
  function handBack(): void {
    passing = false;
    if (!releaseClaims() || outcomes.blocked) retryHandBack();
    else holder.release();
  }

  function retryHandBack(): void {
    if (retry) return;
    retry = deps.timers.after(
      RETRY_EVERY_MS,
      () => {
        retry = undefined;
        if (!passing && holder.epoch !== null) handBack();
      },
      { background: true },
    );
  }

  return {
    holder,
    /**
     * Takes the lease for a pass (`parkInFlight`: why a dead sender's sales on the wire are
     * parked, null to send them again); the reason the pass cannot run, if any.
     */
    take(parkInFlight: string | null): SkipReason | null {
      const taken = holder.acquire(parkInFlight);
      if (!taken) return 'storage';
      if (!taken.acquired) return 'lease_held';
      passing = true;
      if (taken.orphans > 0)
        deps.logger.info(
          { orphans: taken.orphans, uncertain: taken.uncertain },
          'Sales left mid-send by a stopped sender are taken back: same keys and bodies',
        );
      return null;
    },
    handBack,
    /** Exiting: the claims a refused release kept, and the lease even with outcomes unwritten. */
    giveUp(): void {
      retry?.cancel();
      passing = false;
      releaseClaims();
      holder.release();
    },
  };
}

export type SendingRights = ReturnType<typeof createSendingRights>;
