// What one drain did, as the engine reports it to the CLI, the service and the UI (the shape
// is domain/sync-status.ts's).
import type { DrainSummary, SkipReason } from '../../domain/sync-status.js';

export type { DrainSummary, SkipReason };

export const emptySummary = (skipped?: SkipReason): DrainSummary => ({
  synced: 0,
  conflict: 0,
  paused: 0,
  waiting: 0,
  released: 0,
  failed: 0,
  ...(skipped ? { skipped } : {}),
});
