// The Sync screen's lists (renderer), patched from the agent's events instead of read again.
import type { SaleSummary } from '../sale.js';

export type { SaleSummary };

/**
 * The newest `limit` sales after a change: rows shown are replaced by their new version,
 * newer sales are added on top. Changes to sales older than those shown change nothing.
 */
export function patchRecent(
  shown: SaleSummary[],
  changed: SaleSummary[],
  limit: number,
): SaleSummary[] {
  const fresh = new Map(changed.map((sale) => [sale.saleId, sale]));
  const oldestShown = shown.at(-1)?.receiptNumber ?? 0;
  const kept = shown.map((sale) => fresh.get(sale.saleId) ?? sale);
  const shownIds = new Set(shown.map((sale) => sale.saleId));
  const added = changed.filter(
    (sale) =>
      !shownIds.has(sale.saleId) && (sale.receiptNumber > oldestShown || shown.length < limit),
  );
  return [...added, ...kept].sort((a, b) => b.receiptNumber - a.receiptNumber).slice(0, limit);
}

/** Whether the list of refused sales must be read again after these changes. */
export function refusedTouched(refusedIds: ReadonlySet<string>, changed: SaleSummary[]): boolean {
  return changed.some((sale) => sale.state === 'refused' || refusedIds.has(sale.saleId));
}
