// What one drain did, as the engine reports it to the CLI, the service and the UI (the shape
// is domain/sync-status.ts's).
import type { DrainSummary } from '../../domain/sync-status.js';
import type { SkipReason } from '../../domain/outcomes.js';

export const emptySummary = (skipped?: SkipReason): DrainSummary => ({
  synced: 0,
  refused: 0,
  paused: 0,
  requeued: 0,
  released: 0,
  failed: 0,
  ...(skipped ? { skipped } : {}),
});
