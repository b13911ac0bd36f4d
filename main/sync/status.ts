// The status a person sees: counts per state, whether the platform is reachable or
// the key is refused, what is stale or may be doubled, when the last success was and the
// next attempt is, what is wrong with the clock or the engine's own storage, and the shift
// the till is in. Read from the database alone (plus the engine's in-memory storage
// problem), so any process (app, daemon, CLI) shows the same thing.
import { oneRead } from '../../db/one-read.js';
import { createQueueFigures, type QueueFigures } from '../../db/queue-figures.js';
import type { OutboxState } from '../../domain/sale-states.js';
import type { ShiftSummary } from '../../domain/shift.js';
import type { Store } from '../../db/store.js';
import { createSyncState, type SyncState } from '../../db/sync-state.js';
import { describeTillKey } from '../config/api-key-info.js';
import type { AgentConfig, SyncTuning } from '../config/agent-config.js';
import { longestWaitMs } from './decide.js';
import { systemLiveness, type LivenessProbe } from './sender-identity.js';
import { linkFrom } from '../../domain/link.js';
import type { Logger } from '../log/log-port.js';
import { messageOf } from '../../domain/errors.js';
import type {
  SendingMode,
  StorageProblem,
  SyncMode,
  SyncStatus,
} from '../../domain/sync-status.js';

export type { SyncMode, SyncStatus };

/** Clock steps older than this are history, not news. */
const CLOCK_STEP_SHOWN_MS = 24 * 3_600_000;

export interface StatusSources {
  counts: Record<OutboxState, number>;
  outbox: QueueFigures;
  syncState: SyncState;
  config: AgentConfig;
  mode?: SendingMode;
  owner?: string;
  now?: number;
  liveness?: LivenessProbe;
  storageProblem?: StorageProblem | null;
  /** The data folder, for a process beside the agent: a key saved there counts as set. */
  dataDir?: string;
  /** The shift the till is in (null: none open), read on the same database. */
  shift: ShiftSummary | null;
}

/** The queue's figures now: a next attempt further ahead than any wait is a clock step. */
export const queueFigures = (outbox: QueueFigures, tuning: SyncTuning, now: number) =>
  outbox.figures(now, now + longestWaitMs(tuning), tuning.staleAfterMs);

export function readSyncStatus(sources: StatusSources): SyncStatus {
  const now = sources.now ?? Date.now();
  const { config } = sources;
  const liveness = sources.liveness ?? systemLiveness;
  const state = sources.syncState.read();
  const figures = queueFigures(sources.outbox, config.sync, now);
  const configured = Boolean(config.baseUrl && config.apiKey);
  // A process without the configuration (the CLI beside a daemon, or sandbox mode) shows
  // where the engine last said it sends.
  const mode: SyncMode = configured
    ? (sources.mode ?? 'platform')
    : (state.senderMode ?? 'not_configured');
  const baseUrl = config.baseUrl ?? state.senderBaseUrl;
  const holder = state.leaseOwner;
  const holderAlive =
    holder !== null &&
    (holder === sources.owner ||
      (() => {
        const alive = liveness(holder);
        if (alive !== 'unknown') return alive === 'alive';
        return state.leaseExpiresAt > now && state.leaseExpiresAt <= now + config.sync.leaseTtlMs;
      })());
  const storageProblem =
    sources.storageProblem ??
    (state.storageError
      ? { what: 'the database', message: state.storageError, since: state.storageErrorAt ?? now }
      : null);
  return {
    mode,
    baseUrl,
    apiKey: describeTillKey(config.apiKey, {
      dataDir: sources.dataDir,
      refusedKeyHash: state.pausedReason ? state.pausedKeyHash : null,
    }),
    link: linkFrom(
      {
        mode,
        keyRefused: state.pausedReason !== null,
        unreachable: state.connection === 'offline',
        lastContactAt: state.lastContactAt,
      },
      now,
    ),
    paused: state.pausedReason ? { reason: state.pausedReason, since: state.pausedAt } : null,
    counts: sources.counts,
    stale: figures.stale,
    uncertain: figures.uncertain,
    keysHonoured: state.keysHonouredAt !== null && state.keysHonouredBaseUrl === baseUrl,
    // Never negative: a sale recorded while the clock was ahead is simply new.
    oldestPendingAgeMs:
      figures.oldestPendingAt === null ? null : Math.max(0, now - figures.oldestPendingAt),
    lastSuccessAt: state.lastSuccessAt,
    lastContactAt: state.lastContactAt,
    nextAttemptAt: figures.nextAttemptAt,
    throttledUntil:
      state.throttledUntil !== null && state.throttledUntil > now ? state.throttledUntil : null,
    lastError: state.lastErrorCode
      ? { code: state.lastErrorCode, message: state.lastErrorMessage ?? '', at: state.lastErrorAt }
      : null,
    clockSkewMs: state.clockSkewMs,
    clockStep:
      state.clockStepMs !== null &&
      state.clockStepAt !== null &&
      Math.abs(now - state.clockStepAt) < CLOCK_STEP_SHOWN_MS
        ? { ms: state.clockStepMs, at: state.clockStepAt }
        : null,
    storageProblem,
    integrity: { checkedAt: state.integrityCheckedAt, problem: state.integrityProblem },
    sender: !holderAlive ? 'none' : holder === sources.owner ? 'this process' : 'another process',
    shift: sources.shift,
  };
}

/** The status read straight from a store, for a process with no engine (the CLI). */
export function readStoreStatus(
  store: Store,
  config: AgentConfig,
  at: { now?: number; dataDir?: string } = {},
): SyncStatus {
  const outbox = createQueueFigures(store.database);
  const syncState = createSyncState(store.database);
  return oneRead(store.database)(() =>
    readSyncStatus({
      counts: store.countByState(),
      outbox,
      syncState,
      config,
      now: at.now ?? Date.now(),
      dataDir: at.dataDir,
      shift: store.shifts.current(),
    }),
  );
}

/** The status a stopping engine leaves, or none when it cannot be read (said in the log). */
export function finalStatus(
  read: () => SyncStatus,
  logger: Pick<Logger, 'error'>,
): SyncStatus | undefined {
  try {
    return read();
  } catch (error) {
    logger.error({ error: messageOf(error) }, 'Reading the final status failed');
    return undefined;
  }
}
