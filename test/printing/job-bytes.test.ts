// A job's bytes as the queue sends them: the receipt as it stands now, the drawer's pulse
// only within a minute of what opened it (a printer back after an outage never pops the
// drawer open in front of nobody), either way round a clock step.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../db/store.js';
import { DRAWER_FRESH_MS, jobBytes } from '../../main/printing/job-bytes.js';
import { decodeEscPos } from '../helpers/escpos-decode.js';
import { checked, validSale } from '../helpers/sales.js';
import { act, freshStore, NOW } from '../helpers/shift-store.js';

let store: Store;
beforeEach(() => {
  store = freshStore();
});
afterEach(() => store.close());

const layout = { profile: 'epson-tm-t20iii', width: '80mm' } as const;
const context = (now: number) => ({ layout, now, heading: () => ['Shop'] });

function bytesAt(now: number) {
  const job = store.claimPrintJob('test', NOW, 1000)!;
  store.markPrintFailed(job.id, 'test', 'not yet');
  return jobBytes(store, job, context(now));
}

describe('a job as it prints', () => {
  it('a cash sale pulses the drawer within a minute, and prints without the pulse later', () => {
    const printing = { receipt: true, drawerOnCash: true, drawer: true };
    const sold = store.recordSale(checked(validSale()), { now: NOW, printing });
    expect(sold.ok).toBe(true);
    const soon = bytesAt(NOW + DRAWER_FRESH_MS);
    const late = bytesAt(NOW + DRAWER_FRESH_MS + 1);
    const stepped = bytesAt(NOW - DRAWER_FRESH_MS - 1);
    if (!soon.ok || !late.ok || !stepped.ok) throw new Error('a receipt always prints');
    expect(decodeEscPos(soon.value, layout.profile).pulses).toHaveLength(2);
    for (const bytes of [late.value, stepped.value]) {
      const paper = decodeEscPos(bytes, layout.profile);
      expect(paper.pulses).toEqual([]);
      expect(paper.barcodes).toEqual(['TSR1']);
    }
  });

  it("prints the sale's time in the till's time zone, whatever the process's", () => {
    expect(
      store.recordSale(checked(validSale()), {
        now: NOW,
        printing: { receipt: true, drawerOnCash: false, drawer: false },
      }).ok,
    ).toBe(true);
    const job = store.claimPrintJob('test', NOW, 1000)!;
    const printed = (timeZone: string) => {
      const bytes = jobBytes(store, job, { ...context(NOW), timeZone });
      if (!bytes.ok) throw new Error(bytes.error.message);
      return decodeEscPos(bytes.value, layout.profile).lines.join('\n');
    };
    // 08:00 UTC on 2026-11-21.
    expect(printed('Asia/Kolkata')).toContain('2026-11-21 13:30');
    expect(printed('Pacific/Chatham')).toContain('2026-11-21 21:45');
    expect(printed('America/Los_Angeles')).toContain('2026-11-21 00:00');
    expect(printed('Pacific/Pago_Pago')).toContain('2026-11-20 21:00');
  });

  it('a drawer opening alone that comes too late is not made, and says what to do', () => {
    const entry = store.shifts.addEntry(
      { kind: 'no_sale', amountMinor: 0, reason: 'change' },
      act(NOW),
      true,
    );
    expect(entry.ok).toBe(true);
    expect(bytesAt(NOW + 1000)).toMatchObject({ ok: true });
    expect(bytesAt(NOW + DRAWER_FRESH_MS + 1)).toEqual({
      ok: false,
      error: {
        code: 'too_late',
        message:
          'The drawer was not opened: the printer did not answer within a minute. Use No sale to open it now.',
      },
    });
  });

  it('a receipt whose sale is gone says so', () => {
    store.addPrintJob({ kind: 'receipt', ref: 'no-such-sale' }, NOW);
    expect(bytesAt(NOW)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
