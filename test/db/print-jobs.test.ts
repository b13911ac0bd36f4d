// Print jobs are written with what they print, in the same transaction: a sale's receipt and
// its drawer opening, a return's refund receipt, a "no sale". One process at a time holds a
// job; it is marked printed only by its holder; a person can cancel a waiting one.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../db/store.js';
import { NO_SALE_PRINTING, type SalePrinting } from '../../domain/print-jobs.js';
import { v1ReturnDelivery } from '../../main/sync/return-delivery.js';
import { checked, rowCounts, validSale } from '../helpers/sales.js';
import { act, freshStore, NOW, sell } from '../helpers/shift-store.js';

const EVERYTHING: SalePrinting = { receipt: true, drawerOnCash: true, drawer: true };
const DRAWER_ONLY: SalePrinting = { receipt: false, drawerOnCash: true, drawer: true };

let store: Store;
beforeEach(() => {
  store = freshStore();
});
afterEach(() => store.close());

const jobs = () => store.database.sqlite.prepare('select * from print_jobs order by id').all();

function sellWith(printing: SalePrinting, paymentMethod = 'CASH') {
  const result = store.recordSale(checked(validSale({ paymentMethod })), { now: NOW, printing });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

describe('print jobs written with the sale', () => {
  it('a cash sale with a printer and a drawer: one receipt job that opens the drawer', () => {
    const sale = sellWith(EVERYTHING);
    expect(jobs()).toEqual([
      expect.objectContaining({
        kind: 'receipt',
        ref: sale.saleId,
        open_drawer: 1,
        state: 'waiting',
        created_at: NOW,
      }),
    ]);
    expect(store.waitingPrintJobs()).toEqual([
      expect.objectContaining({
        label: `Receipt #${sale.receiptNumber}`,
        openDrawer: true,
        attempts: 0,
      }),
    ]);
  });

  it('a card sale prints its receipt and leaves the drawer shut', () => {
    sellWith(EVERYTHING, 'CARD');
    expect(jobs()).toEqual([expect.objectContaining({ kind: 'receipt', open_drawer: 0 })]);
  });

  it('receipts through the dialog, drawer on the printer: a drawer job for cash only', () => {
    const cash = sellWith(DRAWER_ONLY);
    sellWith(DRAWER_ONLY, 'CARD');
    expect(jobs()).toEqual([
      expect.objectContaining({
        kind: 'drawer',
        ref: cash.saleId,
        open_drawer: 1,
        reason: 'cash sale',
      }),
    ]);
  });

  it('no printer: no job', () => {
    sellWith(NO_SALE_PRINTING);
    expect(jobs()).toEqual([]);
  });

  it('a sale refused writes no job either', () => {
    const before = rowCounts(store.database.sqlite);
    const refused = store.recordSale(checked(validSale({ paymentMethod: 'CHEQUE' })), {
      printing: EVERYTHING,
    });
    expect(refused.ok).toBe(false);
    expect(jobs()).toEqual([]);
    expect(rowCounts(store.database.sqlite)).toEqual(before);
  });

  it('a charged cart writes its job in the same commit as the sale', () => {
    const charged = store.chargeCart(
      checked(validSale()),
      NOW,
      { cashierId: null, discountApprovedBy: null },
      EVERYTHING,
    );
    expect(charged.ok).toBe(true);
    expect(jobs()).toHaveLength(1);
  });

  it('a cash refund prints its refund receipt and opens the drawer; a no sale opens it alone', () => {
    const sale = sell(store, NOW, { paymentMethod: 'CARD' });
    const returned = store.recordReturn(
      String(sale.receiptNumber),
      { reason: 'broken', refund: 'cash' },
      {
        ...act(NOW + 5),
        approvedBy: null,
        deliver: v1ReturnDelivery.deliver,
        printing: EVERYTHING,
      },
    );
    if (!returned.ok) throw new Error(returned.error.message);
    const noSale = store.shifts.addEntry(
      { kind: 'no_sale', amountMinor: 0, reason: 'change for the float' },
      act(NOW + 9),
      true,
    );
    expect(noSale.ok).toBe(true);
    expect(store.waitingPrintJobs().map((job) => [job.kind, job.label, job.openDrawer])).toEqual([
      ['refund', 'Refund R1', true],
      ['drawer', 'Open the drawer (No sale: change for the float)', true],
    ]);
  });
});

describe('claiming and finishing a job', () => {
  it('one holder at a time, in order; a claim that ran out can be taken over', () => {
    const first = sellWith(EVERYTHING);
    const second = sellWith(EVERYTHING);
    const a = store.claimPrintJob('app', NOW, 1000)!;
    expect(a.ref).toBe(first.saleId);
    // The daemon gets the next one, not the one the app holds.
    expect(store.claimPrintJob('daemon', NOW + 10, 1000)!.ref).toBe(second.saleId);
    expect(store.claimPrintJob('third', NOW + 20, 1000)).toBeNull();
    // The app died holding its job: after its claim ran out another may print it.
    expect(store.claimPrintJob('third', NOW + 1001, 1000)!.ref).toBe(first.saleId);
    expect(store.markPrinted(a.id, 'app', NOW + 1002)).toBe(false);
    expect(store.markPrinted(a.id, 'third', NOW + 1003)).toBe(true);
    expect(store.waitingPrintJobs().map((job) => job.ref)).toEqual([second.saleId]);
  });

  it('a failed try is counted with its problem and frees the job', () => {
    sellWith(EVERYTHING);
    const job = store.claimPrintJob('app', NOW, 60_000)!;
    store.markPrintFailed(job.id, 'app', 'The printer is out of paper: put in a new roll.');
    expect(store.waitingPrintJobs()).toEqual([
      expect.objectContaining({
        attempts: 1,
        lastProblem: 'The printer is out of paper: put in a new roll.',
      }),
    ]);
    expect(store.claimPrintJob('daemon', NOW + 1, 60_000)?.id).toBe(job.id);
  });

  it('a waiting job can be cancelled once; a printed one or an unknown one says why not', () => {
    sellWith(EVERYTHING);
    const [job] = store.waitingPrintJobs();
    expect(store.cancelPrintJob(job!.id, NOW).ok).toBe(true);
    expect(store.waitingPrintJobs()).toEqual([]);
    expect(store.cancelPrintJob(job!.id, NOW)).toEqual({
      ok: false,
      error: {
        code: 'not_waiting',
        message: `Print job ${job!.id} is not waiting any more (it is cancelled).`,
        say: { key: 'store.printJobNotWaiting', values: { id: job!.id, state: 'cancelled' } },
      },
    });
    expect(store.cancelPrintJob(999, NOW)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    // A cancelled job cannot be marked printed by a late sender either.
    expect(store.markPrinted(job!.id, 'app', NOW)).toBe(false);
  });

  it('printed and cancelled jobs are forgotten after a while; waiting ones never', () => {
    sellWith(EVERYTHING);
    sellWith(EVERYTHING);
    sellWith(EVERYTHING);
    const [first, second] = store.waitingPrintJobs();
    const claimed = store.claimPrintJob('app', NOW, 1000)!;
    store.markPrinted(claimed.id, 'app', NOW + 10);
    store.cancelPrintJob(second!.id, NOW + 20);
    expect(store.prunePrintJobs(NOW + 15)).toBe(1);
    expect(store.recentPrintJobs().map((job) => [job.id, job.state])).toEqual([
      [second!.id + 1, 'waiting'],
      [second!.id, 'cancelled'],
    ]);
    expect(first!.id).toBe(claimed.id);
    expect(store.prunePrintJobs(NOW + 1_000_000)).toBe(1);
    expect(store.waitingPrintJobs()).toHaveLength(1);
  });
});
