// A sync status as the agent reads it, for the tests of what people are shown from one: online
// and calm (the platform answered at `now`, nothing waits), with the fields a test names.
import type { SyncStatus } from '../../domain/sync-status.js';

export function calmStatus(now: number, more: Partial<SyncStatus> = {}): SyncStatus {
  return {
    mode: 'platform',
    baseUrl: 'https://api.example.com',
    apiKey: { set: true, kind: 'opaque' },
    link: 'online',
    paused: null,
    counts: { pending: 0, sending: 0, synced: 3, refused: 0, discarded: 0, voided: 0 },
    stale: 0,
    uncertain: 0,
    keysHonoured: true,
    oldestPendingAgeMs: null,
    lastSuccessAt: null,
    lastContactAt: now,
    nextAttemptAt: null,
    throttledUntil: null,
    lastError: null,
    clockSkewMs: null,
    clockStep: null,
    storageProblem: null,
    integrity: { checkedAt: null, problem: null },
    sender: 'none',
    shift: null,
    ...more,
  };
}
