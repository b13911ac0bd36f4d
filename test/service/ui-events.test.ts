import { describe, expect, it } from 'vitest';
import type { EventPayload } from '../../main/contract/contract.js';
import { createUiEvents, SALES_CHANGED_LIMIT } from '../../main/agent/ui-events.js';
import { patchRecent, type SaleSummary } from '../../domain/views/sales-feed.js';
import { World } from '../sim/world.js';

type Status = EventPayload<'status'>;

const sale = (receiptNumber: number, state: SaleSummary['state'] = 'pending'): SaleSummary => ({
  saleId: `sale-${receiptNumber}`,
  receiptNumber,
  createdAt: receiptNumber,
  shopId: null,
  customerId: null,
  paymentMethod: 'CASH',
  currency: 'USD',
  totalMinor: 100,
  state,
  lastErrorReason: null,
  uncertain: false,
});

function hubOnVirtualTime() {
  const world = new World();
  const process = world.addProcess(0);
  let statusReads = 0;
  let salesRead: string[][] = [];
  const hub = createUiEvents({
    clock: process.clock,
    timers: process.timers,
    intervalMs: 250,
    readStatus: () => {
      statusReads += 1;
      return { counts: { pending: statusReads } } as unknown as Status;
    },
    readSales: (ids) => {
      salesRead.push(ids);
      return ids
        .map((id) => sale(Number(id.split('-')[1]), 'synced'))
        .sort((a, b) => b.receiptNumber - a.receiptNumber);
    },
  });
  const statuses: number[] = [];
  const changes: EventPayload<'salesChanged'>[] = [];
  hub.events.on('status', () => statuses.push(world.time));
  hub.events.on('salesChanged', (change) => changes.push(change));
  return {
    world,
    hub,
    statuses,
    changes,
    runUntil: (ms: number) => world.runUntil(ms),
    reads: () => ({ statusReads, salesRead }),
    resetSalesRead: () => (salesRead = []),
  };
}

describe('the UI events', () => {
  it('coalesce thousands of changes into at most one status and one sales event per interval', async () => {
    const t = hubOnVirtualTime();
    // 3,000 sales changing over 1 s of virtual time, with status changes among them.
    for (let n = 1; n <= 3000; n++) {
      t.world.schedule(Math.floor(n / 3), null, () => {
        t.hub.saleChanged(`sale-${n}`);
        if (n % 10 === 0) t.hub.statusChanged();
      });
    }
    await t.runUntil(2000);
    expect(t.statuses.length).toBeGreaterThanOrEqual(4);
    expect(t.statuses.length).toBeLessThanOrEqual(6);
    for (let i = 1; i < t.statuses.length; i++)
      expect(t.statuses[i]! - t.statuses[i - 1]!).toBeGreaterThanOrEqual(250);
    expect(t.changes.length).toBe(t.statuses.length);
    // Each event carries the newest changed sales, as they are now.
    const first = t.changes[0]!;
    expect(first.sales.length).toBeLessThanOrEqual(SALES_CHANGED_LIMIT);
    expect(first.sales[0]!.state).toBe('synced');
    const delivered = new Set(t.reads().salesRead.flat());
    expect(delivered.size).toBe(3000);
    // The last change is never lost: the trailing event comes after it.
    expect(t.changes.at(-1)!.sales.map((s) => s.receiptNumber)).toContain(3000);
  });

  it('reads nothing while nobody listens', async () => {
    const t = hubOnVirtualTime();
    t.hub.events.removeAllListeners();
    t.hub.saleChanged('sale-1');
    t.hub.statusChanged();
    await t.runUntil(1000);
    expect(t.reads()).toEqual({ statusReads: 0, salesRead: [] });
  });
});

describe('the Sync screen list patch', () => {
  const shown = [sale(10), sale(9), sale(8)];

  it('replaces shown rows with their new state and adds newer sales on top', () => {
    const next = patchRecent(shown, [sale(9, 'synced'), sale(11)], 3);
    expect(next.map((s) => [s.receiptNumber, s.state])).toEqual([
      [11, 'pending'],
      [10, 'pending'],
      [9, 'synced'],
    ]);
  });

  it('ignores changes to older sales than those shown when the list is full', () => {
    expect(patchRecent(shown, [sale(2, 'synced')], 3)).toEqual(shown);
  });
});
