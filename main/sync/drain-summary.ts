// What one drain did, as the engine reports it to the CLI, the service and the UI.
import type { DeliveryOutcome } from './pass.js';

/** Why a drain sent nothing. */
export type SkipReason =
  'not_configured' | 'paused' | 'offline' | 'lease_held' | 'stopping' | 'storage' | 'throttled';

export interface DrainSummary extends Record<DeliveryOutcome | 'failed', number> {
  skipped?: SkipReason;
}

export const emptySummary = (skipped?: SkipReason): DrainSummary => ({
  synced: 0,
  conflict: 0,
  paused: 0,
  deferred: 0,
  released: 0,
  failed: 0,
  ...(skipped ? { skipped } : {}),
});
