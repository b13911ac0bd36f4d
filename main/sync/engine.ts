// The sync engine: replays the outbox to the platform so every sale arrives exactly once.
//
// - The database is the scheduler: each outbox row carries its next attempt time, and N
//   workers each claim the oldest due sale. Memory stays the same for any backlog.
// - One sender per database file: a lease in sync_state, renewed while draining.
// - The engine uses its own connection with synchronous=NORMAL. Everything it writes can
//   be lost in a power cut without harm: a lost "synced" or "retry at" is simply sent
//   again with the same idempotency key. Sales themselves are written by the store with
//   FULL durability, and those commits also flush the engine's earlier ones from the WAL.
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { openDatabase } from '../../db/open.js';
import { createOutboxQueries, type ClaimedSale } from '../../db/outbox.js';
import { createSaleReader } from '../../db/read-sales.js';
import { createSyncState } from '../../db/sync-state.js';
import { keyFingerprint } from '../config/api-key-info.js';
import type { AgentConfig } from '../config/agent-config.js';
import { deliverSale, type DeliveryOutcome } from './delivery.js';
import { createLinkState, type Logger } from './link-state.js';
import { clientFor, type PlatformClient } from './platform-client.js';
import { readSyncStatus, type SyncStatus } from './status.js';

export type { Logger } from './link-state.js';

const silent: Logger = { info() {}, warn() {}, error() {} };

export type SkipReason = 'not_configured' | 'paused' | 'offline' | 'lease_held' | 'stopping';

export interface DrainSummary extends Record<DeliveryOutcome | 'failed', number> {
  skipped?: SkipReason;
}

export interface EngineOptions {
  /** The till database; the engine opens its own connection to it. */
  file: string;
  config: AgentConfig;
  mode?: 'platform' | 'sandbox';
  logger?: Logger;
  owner?: string;
  random?: () => number;
}

export interface SaleEvent {
  saleId: string;
  outcome: DeliveryOutcome;
}

const emptySummary = (skipped?: SkipReason): DrainSummary => ({
  synced: 0,
  conflict: 0,
  paused: 0,
  deferred: 0,
  released: 0,
  failed: 0,
  ...(skipped ? { skipped } : {}),
});

export function createSyncEngine(options: EngineOptions) {
  const database = openDatabase(options.file, { synchronous: 'NORMAL' });
  const logger = options.logger ?? silent;
  const outbox = createOutboxQueries(database, (error) =>
    logger.error({ error: error.message }, 'Writing sync results failed; trying again'),
  );
  const syncState = createSyncState(database);
  const reader = createSaleReader(database);
  const owner = options.owner ?? `${hostname()}#${process.pid}#${randomBytes(3).toString('hex')}`;
  const events = new EventEmitter<{ status: [SyncStatus]; sale: [SaleEvent] }>();
  const shutdown = new AbortController();

  let config = options.config;
  let keyHash = keyFingerprint(config.apiKey); // of the key in use, computed once per key
  let client = clientFor(config);
  let stopping = false;
  let started = false;
  const link = createLinkState(syncState, logger, () => emitStatus());
  link.restorePause(keyHash);
  const recordSender = () =>
    syncState.update({
      senderMode: options.mode ?? 'platform',
      senderBaseUrl: config.baseUrl ?? null,
    });
  recordSender();
  let lastResyncSeen = syncState.read().resyncRequestedAt;
  let draining: Promise<DrainSummary> | undefined;
  let drainAgain = false;
  const timers: { debounce?: NodeJS.Timeout; tick?: NodeJS.Timeout; wake?: NodeJS.Timeout } = {};

  const status = (): SyncStatus => {
    outbox.flush(); // counts include every outcome so far
    return readSyncStatus({
      counts: reader.countByState(),
      outbox,
      syncState,
      config,
      mode: options.mode,
      owner,
    });
  };

  function emitStatus(): void {
    if (events.listenerCount('status') > 0) events.emit('status', status());
  }

  const holding = () => stopping || link.paused || link.offline;

  /**
   * The sales of one pass: claimed from the database a batch at a time, and only those due
   * when the pass began, so each sale is tried at most once per pass.
   */
  function passQueue(passStart: number, batchSize: number) {
    const claimed: ClaimedSale[] = [];
    let exhausted = false;
    return {
      next(): ClaimedSale | undefined {
        if (claimed.length === 0 && !exhausted) {
          const batch = outbox.claimDue(passStart, batchSize);
          if (batch.length === 0) exhausted = true;
          claimed.push(...batch);
        }
        return claimed.shift();
      },
      /** Claimed but not sent (the pass stopped early): back to the queue as they were. */
      releaseUnsent(): void {
        for (const sale of claimed.splice(0)) outbox.release(sale.saleId, sale.revision);
      },
    };
  }

  async function worker(
    summary: DrainSummary,
    activeClient: PlatformClient,
    queue: ReturnType<typeof passQueue>,
  ): Promise<void> {
    while (!holding()) {
      const sale = queue.next();
      if (!sale) return;
      let outcome: DeliveryOutcome | 'failed';
      try {
        outcome = await deliverSale(sale, {
          client: activeClient,
          outbox,
          tuning: config.sync,
          shopId: config.shopId,
          signal: shutdown.signal,
          random: options.random,
          holding,
          onAnswer: (answer, verdict) => link.record(answer, verdict, keyHash),
        });
      } catch (error) {
        logger.error(
          { saleId: sale.saleId, error: (error as Error).message },
          'Delivering a sale failed',
        );
        outcome = 'failed';
      }
      summary[outcome] += 1;
      if (events.listenerCount('sale') > 0) {
        events.emit('sale', {
          saleId: sale.saleId,
          outcome: outcome === 'failed' ? 'deferred' : outcome,
        });
      }
    }
  }

  async function drainPass(): Promise<DrainSummary> {
    if (stopping) return emptySummary('stopping');
    if (!client) return emptySummary('not_configured');
    if (link.paused) return emptySummary('paused');
    if (link.offline) {
      if (!(await client.reachable(shutdown.signal))) return emptySummary('offline');
      link.setConnection('online');
      outbox.makeDueNow(Date.now(), 'network');
    }
    const { leaseTtlMs, concurrency } = config.sync;
    const lease = syncState.acquireLease(owner, Date.now(), leaseTtlMs);
    if (!lease.acquired) return emptySummary('lease_held');
    if (lease.fresh) {
      const orphans = outbox.releaseOrphans();
      if (orphans > 0)
        logger.info(
          { orphans },
          'Sales left mid-send by a stopped sender go back to the queue, same keys',
        );
    }
    const renew = setInterval(
      () => syncState.acquireLease(owner, Date.now(), leaseTtlMs),
      leaseTtlMs / 3,
    );
    const summary = emptySummary();
    const queue = passQueue(Date.now(), concurrency * 4);
    try {
      await Promise.all(Array.from({ length: concurrency }, () => worker(summary, client!, queue)));
    } finally {
      queue.releaseUnsent();
      outbox.flush();
      clearInterval(renew);
      syncState.releaseLease(owner);
    }
    if (summary.synced + summary.conflict + summary.paused > 0) {
      logger.info({ ...summary }, 'Sync pass finished');
    }
    scheduleWake();
    emitStatus();
    return summary;
  }

  /**
   * One pass over what is due now. A call during a pass returns that pass, and asks for a
   * follow-up pass in the background, so an awaited drain always ends, however busy the till.
   */
  function drain(): Promise<DrainSummary> {
    if (draining) {
      drainAgain = true;
      return draining;
    }
    drainAgain = false;
    draining = drainPass().finally(() => {
      draining = undefined;
      if (drainAgain && !stopping) void drain();
    });
    return draining;
  }

  /** A pass that starts after now (the one in progress may have started too early). */
  async function freshDrain(): Promise<DrainSummary> {
    while (draining) await draining;
    return drain();
  }

  function scheduleWake(): void {
    clearTimeout(timers.wake);
    if (!started || stopping) return; // timers belong to a started engine only
    const next = outbox.figures(Date.now(), config.sync.staleAfterMs).nextAttemptAt;
    if (next === null) return;
    const delay = Math.max(0, next - Date.now());
    if (delay >= config.sync.pollIntervalMs) return; // the regular tick comes sooner
    timers.wake = setTimeout(() => void drain(), delay + 5);
    timers.wake.unref();
  }

  async function tick(): Promise<void> {
    const requested = syncState.read().resyncRequestedAt;
    if (requested > lastResyncSeen) {
      await resync();
      return;
    }
    if (!draining && (link.offline || outbox.figures(Date.now(), config.sync.staleAfterMs).due > 0))
      await drain();
  }

  function scheduleTick(): void {
    if (stopping) return;
    const every = link.offline ? config.sync.probeIntervalMs : config.sync.pollIntervalMs;
    timers.tick = setTimeout(() => {
      tick()
        .catch((error: Error) => logger.error({ error: error.message }, 'Sync tick failed'))
        .finally(scheduleTick);
    }, every);
  }

  /** Resync now: clears backoff and the authorization pause, then drains. */
  async function resync(): Promise<DrainSummary> {
    const now = Date.now();
    lastResyncSeen = Math.max(now, syncState.read().resyncRequestedAt);
    syncState.update({ resyncRequestedAt: lastResyncSeen });
    if (link.paused) link.unpause();
    link.forgetOffline();
    outbox.makeDueNow(now, 'all');
    emitStatus();
    return freshDrain();
  }

  return {
    owner,
    events,
    status,
    drain,
    resync,
    start(): void {
      if (started) return;
      started = true;
      scheduleTick();
      void drain();
    },
    /** A sale was just recorded: drain soon, once for a burst of sales. */
    notifySaleRecorded(): void {
      clearTimeout(timers.debounce);
      timers.debounce = setTimeout(() => void drain(), config.sync.debounceMs);
    },
    /** New key or settings: a pause for the old key ends, and the queue is tried again. */
    updateConfig(next: AgentConfig): void {
      const keyChanged = keyFingerprint(next.apiKey) !== keyHash;
      const urlChanged = next.baseUrl !== config.baseUrl;
      config = next;
      keyHash = keyFingerprint(next.apiKey);
      const previous = client;
      client = clientFor(next);
      // The old connections close once the pass using them is over.
      void Promise.resolve(draining).finally(() => previous?.close());
      recordSender();
      if (link.paused && (keyChanged || urlChanged)) link.unpause();
      if (urlChanged) link.forgetOffline();
      emitStatus();
      void drain();
    },
    /**
     * Stops taking work; requests in flight get the grace time, then are cut and queued
     * again. Returns the status as it was left.
     */
    async stop(): Promise<SyncStatus | undefined> {
      if (stopping) return undefined;
      stopping = true;
      for (const timer of Object.values(timers)) clearTimeout(timer);
      const grace = new Promise((resolve) =>
        setTimeout(resolve, config.sync.shutdownGraceMs).unref(),
      );
      await Promise.race([draining, grace]);
      shutdown.abort();
      await draining;
      client?.close();
      syncState.releaseLease(owner);
      const final = status();
      database.close();
      return final;
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
