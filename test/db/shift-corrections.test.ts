// A closed shift never changes: when a sale of it is discarded later, the cash it counted
// leaves the open shift instead, as a correction entry that names the sale.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../db/store.js';
import { checked } from '../helpers/sales.js';
import { tempDir } from '../helpers/temp-dir.js';

const NOW = Date.UTC(2026, 10, 25, 9);
const act = (now: number) => ({ cashierId: null, now });
let store: Store;
afterEach(() => store.close());

function sellCash(totalMinor: number, tenderedMinor: number, now: number) {
  const sale = store.recordSale(
    checked({
      items: [{ productId: 'prod_a', quantity: 1, unitPriceMinor: totalMinor }],
      paymentMethod: 'CASH',
      tenderedMinor,
    }),
    { now },
  );
  if (!sale.ok) throw new Error(sale.error.message);
  return sale.value;
}

const refuse = (saleId: string) =>
  store.database.sqlite
    .prepare("update outbox set state = 'refused' where sale_id = ?")
    .run(saleId);

describe('a sale discarded after its shift closed', () => {
  it('leaves the Z report as it was and corrects the open shift, naming the sale', () => {
    store = openStore(join(tempDir(), 'till.db'));
    expect(store.shifts.open({ floatMinor: 10_000 }, act(NOW)).ok).toBe(true);
    const sale = sellCash(250, 1_000, NOW + 1_000);
    refuse(sale.saleId);
    const z = store.shifts.close({ count: { countedMinor: 10_250 } }, act(NOW + 2_000));
    if (!z.ok) throw new Error(z.error.message);
    expect(z.value.expectedMinor).toBe(10_250);

    expect(store.shifts.open({ floatMinor: 10_250 }, act(NOW + 3_000)).ok).toBe(true);
    const discarded = store.discardRefused(sale.saleId, { reason: 'duplicate' }, NOW + 4_000);
    expect(discarded.ok).toBe(true);

    expect(store.shifts.zReport(1)).toEqual(z);
    const x = store.shifts.xReport(NOW + 5_000);
    if (!x.ok) throw new Error(x.error.message);
    expect(x.value.correctionsMinor).toBe(-250);
    expect(x.value.expectedMinor).toBe(10_000);
    expect(x.value.drawerEntries).toEqual([
      expect.objectContaining({
        kind: 'correction',
        amountMinor: -250,
        correctsReceipt: sale.receiptNumber,
        reason: `Sale #${sale.receiptNumber} discarded after its shift closed: duplicate`,
      }),
    ]);
  });

  it('needs no correction while its shift is still open', () => {
    store = openStore(join(tempDir(), 'till.db'));
    const sale = sellCash(250, 250, NOW);
    refuse(sale.saleId);
    expect(store.discardRefused(sale.saleId, { reason: 'test sale' }, NOW + 1_000).ok).toBe(true);
    const x = store.shifts.xReport(NOW + 2_000);
    if (!x.ok) throw new Error(x.error.message);
    expect(x.value.drawerEntries).toEqual([]);
    expect(x.value.expectedMinor).toBe(0);
    expect(x.value.discarded).toEqual({ count: 1, totalMinor: 250 });
  });
});
