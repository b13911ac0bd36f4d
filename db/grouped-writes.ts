// Writes run together in one IMMEDIATE transaction, all or none: the sync engine's group
// commit (main/sync/commit-queue.ts) hands its batch here, so the connection stays in db/.
import type { TillDatabase } from './open.js';

export type GroupedWrites = (writes: ReadonlyArray<() => unknown>) => unknown[];

export function groupedWrites({ sqlite }: TillDatabase): GroupedWrites {
  const inOne = sqlite.transaction((writes: ReadonlyArray<() => unknown>) =>
    writes.map((write) => write()),
  );
  return (writes) => inOne.immediate(writes);
}
