// The sync status a person sees: counts per state, whether the platform is reachable or
// the key is refused, what is stale, when the last success was and the next attempt is.
// Read from the database alone, so any process (app, daemon, CLI) shows the same thing.
import { createOutboxQueries, type OutboxQueries } from '../../db/outbox.js';
import type { ConnectionState, OutboxState } from '../../db/schema.js';
import type { Store } from '../../db/store.js';
import { createSyncState, type SyncState } from '../../db/sync-state.js';
import { describeApiKey, type ApiKeyInfo } from '../config/api-key-info.js';
import type { AgentConfig } from '../config/agent-config.js';

export type SyncMode = 'platform' | 'sandbox' | 'not_configured';

export interface SyncStatus {
  mode: SyncMode;
  baseUrl: string | null;
  apiKey: ApiKeyInfo;
  connection: ConnectionState;
  paused: { reason: string; since: number | null } | null;
  counts: Record<OutboxState, number>;
  /** Pending longer than the stale setting: never dropped, but someone should look. */
  stale: number;
  oldestPendingAgeMs: number | null;
  lastSuccessAt: number | null;
  nextAttemptAt: number | null;
  lastError: { code: string; message: string; at: number | null } | null;
  /** Platform clock minus till clock, when more than five minutes apart. */
  clockSkewMs: number | null;
  /** Who holds the sending lease right now. */
  sender: 'this process' | 'another process' | 'none';
}

export interface StatusSources {
  counts: Record<OutboxState, number>;
  outbox: OutboxQueries;
  syncState: SyncState;
  config: AgentConfig;
  mode?: 'platform' | 'sandbox';
  owner?: string;
  now?: number;
}

export function readSyncStatus(sources: StatusSources): SyncStatus {
  const now = sources.now ?? Date.now();
  const { config } = sources;
  const state = sources.syncState.read();
  const figures = sources.outbox.figures(now, config.sync.staleAfterMs);
  const configured = Boolean(config.baseUrl && config.apiKey);
  // A process without the configuration (the CLI beside a daemon, or sandbox mode) shows
  // where the engine last said it sends.
  const mode: SyncMode = configured
    ? (sources.mode ?? 'platform')
    : (state.senderMode ?? 'not_configured');
  const leaseLive = state.leaseOwner !== null && state.leaseExpiresAt > now;
  return {
    mode,
    baseUrl: config.baseUrl ?? state.senderBaseUrl,
    apiKey: describeApiKey(config.apiKey),
    connection: state.pausedReason ? 'authorization' : state.connection,
    paused: state.pausedReason ? { reason: state.pausedReason, since: state.pausedAt } : null,
    counts: sources.counts,
    stale: figures.stale,
    oldestPendingAgeMs: figures.oldestPendingAt === null ? null : now - figures.oldestPendingAt,
    lastSuccessAt: state.lastSuccessAt,
    nextAttemptAt: figures.nextAttemptAt,
    lastError: state.lastErrorCode
      ? { code: state.lastErrorCode, message: state.lastErrorMessage ?? '', at: state.lastErrorAt }
      : null,
    clockSkewMs: state.clockSkewMs,
    sender: !leaseLive
      ? 'none'
      : state.leaseOwner === sources.owner
        ? 'this process'
        : 'another process',
  };
}

/** The status read straight from a store, for a process with no engine (the CLI). */
export function readStoreStatus(store: Store, config: AgentConfig, now = Date.now()): SyncStatus {
  return readSyncStatus({
    counts: store.countByState(),
    outbox: createOutboxQueries(store.database),
    syncState: createSyncState(store.database),
    config,
    now,
  });
}
