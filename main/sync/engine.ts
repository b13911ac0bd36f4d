// The sync engine: replays the outbox to the platform so every sale arrives exactly once.
//
// - The database is the scheduler: each outbox row carries its next attempt time; a pass
//   sends what is due (main/sync/pass.ts), and timers start passes (here).
// - One sender per database file, fenced: a lease with an epoch (db/lease.ts), never taken
//   from a live sender, broken at once when its sender died (main/sync/sender-identity.ts).
// - Time, timers, HTTP, liveness and randomness are inputs (test/sim/ drives this code).
// - Its own connection with synchronous=NORMAL: a power cut loses only what is resent with
//   the same key and frozen body. Sales are written by the store with FULL durability.
import { EventEmitter } from 'node:events';
import { createCurrentShift } from '../../db/current-shift.js';
import { oneRead } from '../../db/one-read.js';
import { createOutboxQueries } from '../../db/outbox.js';
import { createStateCounts } from '../../db/read-sales.js';
import { createSyncState } from '../../db/sync-state.js';
import { keyFingerprint } from '../config/api-key-info.js';
import type { AgentConfig } from '../config/agent-config.js';
import { within } from './clock.js';
import { createCommitQueue } from './commit-queue.js';
import { createClockWatch } from './clock-watch.js';
import { emptySummary } from './drain-summary.js';
import type { DrainSummary } from '../../domain/sync-status.js';
import { inFlightParkReason } from './decide.js';
import { createLinkKnowledge } from './link-state.js';
import { createOutcomeWriter } from './outcome-writer.js';
import { createPacer } from './pacer.js';
import { runPass } from './pass.js';
import { saleRequestBody } from './sale-request.js';
import { senderEnded } from './sender-identity.js';
import { createScheduler } from './scheduler.js';
import { createSendingRights } from './sending-rights.js';
import { createSingleFlight } from './single-flight.js';
import { probeWhenIdle } from './link-probe.js';
import { createOfflineGate } from './offline-gate.js';
import { createKeyChecker } from './key-check.js';
import { engineDatabase } from './engine-connection.js';
import { createEngineNews } from './engine-news.js';
import { engineInputs, type EngineEvents, type EngineOptions } from './engine-options.js';
import { finalStatus, queueFigures, readSyncStatus, type SyncStatus } from './status.js';
import { createResyncRequests, sendingAfterAsks } from './resync-requests.js';
import { createStorageGuard } from './storage-guard.js';
import { createDoubtClearing } from './doubt-clearing.js';
import { messageOf } from '../../domain/errors.js';

export function createSyncEngine(options: EngineOptions) {
  const { clock, timers, liveness, random, makeClient, logger, owner } = engineInputs(options);
  const connection = engineDatabase(options, logger);
  const { database } = connection;
  const events = new EventEmitter<EngineEvents>();
  const shutdown = new AbortController();
  const outbox = createOutboxQueries(database);
  const syncState = createSyncState(database, clock.now);
  const countByState = createStateCounts(database);
  const currentShift = createCurrentShift(database).current;
  const storage = createStorageGuard(logger, clock.now, () => news.emit());
  const link = createLinkKnowledge(syncState, storage, logger, clock, () => {
    resyncs.noteOffline(link.offline);
    news.emit();
    scheduler.tickSooner(); // offline: probe at the probe interval from now on
  });
  const commits = createCommitQueue(database, timers, connection.committed);
  const outcomes = createOutcomeWriter(outbox, commits, storage, clock, timers);
  const doubtDeps = { outbox, commits, outcomes, storage, clock };

  let config = options.config;
  let keyHash = keyFingerprint(config.apiKey); // of the key in use, computed once per key
  let client = makeClient(config);
  let stopping = false;
  const pacer = createPacer(clock, () => config.sync.concurrency, random);
  const parts = { database, outbox, outcomes, storage, logger, clock, timers, owner, liveness };
  const rights = createSendingRights({ ...parts, ttlMs: () => config.sync.leaseTtlMs });
  const { holder } = rights;
  const doubts = createDoubtClearing(doubtDeps, link.keysHonoured(config.baseUrl));

  const inOneRead = oneRead(database);
  const status = (): SyncStatus =>
    inOneRead(() =>
      readSyncStatus({
        counts: countByState(),
        outbox,
        syncState,
        config,
        mode: options.mode,
        owner,
        now: clock.now(),
        liveness,
        storageProblem: storage.problem,
        shift: currentShift(),
      }),
    );
  const news = createEngineNews(events, status, connection.dataVersion);

  // Its callbacks run later, once a tick or a sale calls them.
  const scheduler = createScheduler({
    timers,
    monotonic: clock.monotonic,
    tickEveryMs: () => (link.offline ? config.sync.probeIntervalMs : config.sync.pollIntervalMs),
    debounceMs: () => config.sync.debounceMs,
    tick,
    drain: () => void drain(),
    nextDueInMs: () => {
      const read = storage.attempt('the queue figures', figures);
      const next = read.ok ? read.value.nextAttemptAt : null;
      return next === null ? null : Math.max(0, next - clock.now(), pacer.heldForMs());
    },
    onTickError: (error) => logger.error({ error: error.message }, 'Sync tick failed'),
  });
  const resyncs = createResyncRequests(syncState, storage); // before anything tells the link
  link.restorePause(keyHash);
  const keyTarget = () => ({ client, baseUrl: config.baseUrl, keyHash });
  const queueWait = (ms: number) => {
    pacer.hold(ms);
    link.noteQueueWait(ms);
    events.emit('queueWait', ms);
  };
  const keys = createKeyChecker(link, clock, shutdown.signal, keyTarget, resyncs, {
    pacer,
    retryAfterCapMs: () => config.sync.retryAfterCapMs,
    queueWait,
  });
  const recordSender = () =>
    link.recordSender(client ? (options.mode ?? 'platform') : null, config.baseUrl);
  recordSender();
  const clockWatch = createClockWatch(clock);
  const forgotten = () => resyncs.noteOffline(false);
  const gate = createOfflineGate({ link, pacer, signal: shutdown.signal, forgotten });

  const holding = () => stopping || link.paused || link.offline;

  async function drainPass(): Promise<DrainSummary> {
    if (stopping) return emptySummary('stopping');
    // The client and the key it sends are taken together, before anything is awaited: a
    // key replaced meanwhile ends this pass, and its answers judge only the key they carry.
    const active = client;
    const passKey = keyHash;
    if (!active || !config.baseUrl) return emptySummary('not_configured');
    if (link.paused) return emptySummary('paused');
    if (!outcomes.flush()) return emptySummary('storage');
    if (pacer.heldForMs() > config.sync.inlineRetryMaxMs) return emptySummary('throttled');
    if (!(await gate.open(active))) return emptySummary('offline');
    const honoured = link.followKeysHonoured(config.baseUrl, doubts.owe);
    const refused = rights.take(inFlightParkReason(config.sync, honoured));
    if (refused) return emptySummary(refused);
    const shopId = config.shopId;
    const summary = emptySummary();
    // A refusal of the key in this pass answers every Resync asked before its last request
    // left: one not yet followed here must not lift the pause this pass learnt.
    const sends = sendingAfterAsks(active, resyncs);
    try {
      const result = await runPass({
        queue: { outbox, holder, owner, commits, outcomes, storage, clearDoubts: doubts.owe },
        platform: {
          sender: sends.sender,
          baseUrl: config.baseUrl,
          keyHash: passKey,
          keyCurrent: () => keyHash === passKey,
          buildBody: (sale) => JSON.stringify(saleRequestBody(sale, shopId)),
        },
        world: { clock, timers, random, signal: shutdown.signal },
        tuning: config.sync,
        link,
        pacer,
        holding,
        reports: {
          onSale: (saleId, outcome) => events.emit('sale', { saleId, outcome }),
          onAttempt: (attempt) => events.emit('attempt', attempt),
          onQueueWait: queueWait,
        },
      });
      Object.assign(summary, result.counts);
      const resyncBefore = sends.askedBefore();
      if (link.paused && summary.paused > 0 && resyncBefore.ok)
        resyncs.answeredUpTo(resyncBefore.value);
    } catch (error) {
      logger.error({ error: messageOf(error) }, 'A sync pass failed');
      summary.failed += 1;
    } finally {
      storage.attempt('a sync outcome', commits.flush); // the last outcomes of the pass
      rights.handBack();
    }
    if (summary.synced + summary.refused + summary.paused > 0)
      logger.info({ ...summary }, 'Sync pass finished');
    scheduler.wakeForNextDue();
    news.emit();
    return summary;
  }

  /** One pass over what is due now (a call during a pass gets that pass, then another). */
  const passes = createSingleFlight(
    async () => {
      const summary = await drainPass();
      events.emit('pass', summary);
      return summary;
    },
    () => stopping,
  );
  const drain = passes.start;
  const figures = () => queueFigures(outbox, config.sync, clock.now());

  async function tick(): Promise<void> {
    link.flush();
    doubts.settle(); // a clear of the doubts the disk refused
    news.followOthers();
    const step = clockWatch.check();
    link.noteClockStep(step);
    resyncs.noteClockStep(step);
    // A pass under way that the key's refusal paused answers the requests asked before its
    // last send when it ends: followed now, one of them would lift that pause at once.
    const requested = link.paused && passes.current ? undefined : resyncs.unfollowed();
    if (requested !== undefined) {
      await resync(requested); // another process was asked: follow it, once
      return;
    }
    if (passes.current) return;
    if (holder.epoch !== null && outcomes.flush()) rights.handBack(); // what a refused write kept
    const now = figures();
    // Rows left `sending` with no pass of ours running belong to another sender: a dead
    // one's are taken back at once by the pass's lease.
    const work = link.offline || now.due > 0 || now.sending > 0 || outcomes.blocked;
    const skipped = work ? (await drain()).skipped : undefined;
    // Nothing sent (nothing due, or the platform asked the queue to wait): ask now and then
    // whether the platform still answers, so "online" stays true.
    if ((!work || skipped === 'throttled') && client && !stopping && !link.paused)
      await probeWhenIdle(client, link, shutdown.signal, config.sync.idleCheckMs);
  }

  /** Resync now: clears backoff and the pause, then drains (`following`: another's request). */
  async function resync(following?: number): Promise<DrainSummary> {
    if (stopping) return emptySummary('stopping'); // its database may be closed already
    const now = clock.now();
    const asked = following === undefined ? undefined : resyncs.follow(following, clock);
    if (following === undefined) resyncs.ask(now);
    storage.attempt('the queue', () => outbox.makeAllDue(now, asked?.wall ?? null));
    if (link.paused && (following === undefined || resyncs.liftsPause(following))) link.unpause();
    if (following === undefined || resyncs.liftsOffline(following)) gate.forget();
    pacer.release(asked?.monotonic ?? Infinity); // another's request, on this steady clock
    news.emit();
    return passes.fresh();
  }

  return {
    owner,
    events,
    status,
    drain,
    /** A person asks: send every waiting sale now, in this process and the till's others. */
    resync: () => resync(),
    start(): void {
      scheduler.start();
      void tick().catch((error: Error) =>
        logger.error({ error: error.message }, 'Sync tick failed'),
      );
    },
    /** Asks the platform now whether it takes the key; the answer counts as any other. */
    checkKey: keys.check,
    /** A sale was just recorded: drain soon, once for a burst of sales. */
    notifySaleRecorded: () => scheduler.saleRecorded(),
    /** New key or settings: a pause for the old key ends, and the queue is tried again. */
    updateConfig(next: AgentConfig): void {
      if (stopping) return; // a stopping engine sends nothing more: its database may be closed
      const keyChanged = keyFingerprint(next.apiKey) !== keyHash;
      const urlChanged = next.baseUrl !== config.baseUrl;
      config = next;
      keyHash = keyFingerprint(next.apiKey);
      const previous = client;
      client = makeClient(next);
      // The old connections close once the pass using them is over.
      void Promise.all([passes.current, keys.settled()]).finally(() => previous?.close());
      recordSender();
      if (link.paused && (keyChanged || urlChanged)) link.unpause();
      if (urlChanged) gate.forget();
      news.emit();
      void drain();
    },
    /** Stops: requests in flight get the grace time, then are cut and queued again.
     * Returns the status as it was left; never throws (a stopping agent must exit). */
    async stop(): Promise<SyncStatus | undefined> {
      if (stopping) return undefined;
      stopping = true;
      scheduler.stop();
      await within(timers, passes.current, config.sync.shutdownGraceMs);
      connection.stopping();
      shutdown.abort();
      await Promise.all([passes.current, keys.settled()]);
      client?.close();
      storage.attempt('a sync outcome', commits.flush);
      outcomes.flush();
      outcomes.dispose();
      rights.giveUp();
      senderEnded(owner);
      const final = finalStatus(status, logger);
      await connection.close();
      return final;
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
