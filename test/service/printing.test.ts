// The till's printer through the agent, as the screens call it, against a fake ESC/POS
// network printer on a real socket: a cash sale prints its receipt and opens the drawer on
// both pins; a printer that refuses or is out of paper never holds a sale back, the job
// waits with the reason and prints once, whole, when the printer is back; "no sale" opens
// the drawer; reprint and cancel.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Runtime } from '../../main/agent/runtime.js';
import { createService, type Service } from '../../main/agent/service.js';
import type { PrinterView } from '../../domain/printer-view.js';
import { decodeEscPos } from '../helpers/escpos-decode.js';
import { fakePrinter, type FakePrinter } from '../helpers/fake-printer.js';
import { consoleRuntime } from '../helpers/runtime.js';
import { tempDir } from '../helpers/temp-dir.js';
import { waitUntil } from '../sync/helpers.js';

let printer: FakePrinter;
let runtime: Runtime;
let service: Service;
beforeEach(async () => {
  printer = await fakePrinter();
  // A platform that is never there: the sales stay on the till, the printer is what matters.
  runtime = await consoleRuntime(tempDir(), {
    baseUrl: 'http://127.0.0.1:9',
    key: 'k',
    env: { TILLSYNC_PRINTER: printer.text },
    printerTimeoutMs: 500,
  });
  service = createService(runtime);
  const set = await service.call('updateSettings', { printAfterSale: true, cashDrawer: true });
  expect(set.ok).toBe(true);
});
afterEach(() => runtime.close());

const cashSale = {
  items: [{ productId: 'prod_jam', quantity: 2, unitPriceMinor: 450 }],
  paymentMethod: 'CASH',
  tenderedMinor: 1000,
};

const paper = () => decodeEscPos(printer.printed(), 'epson-tm-t20iii');
/** The printer as a call answers it (every printer method answers the printer's view). */
function viewOf(result: Awaited<ReturnType<Service['call']>>): PrinterView {
  if (!result.ok) throw new Error(result.error.message);
  return result.value as PrinterView;
}
const printerView = async () => viewOf(await service.call('getPrinter', {}));

describe('the printer at the counter', () => {
  it('a cash sale prints its receipt, with its barcode, and opens the drawer on both pins', async () => {
    const sold = await service.call('recordSale', cashSale);
    expect(sold.ok ? null : sold.error).toBeNull();
    await waitUntil(() => paper().cuts === 1);
    const printed = paper();
    expect(printed.lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Total +\$9\.00$/),
        expect.stringMatching(/^Change +\$1\.00$/),
      ]),
    );
    expect(printed.barcodes).toEqual(['TSR1']);
    expect(printed.pulses.map((pulse) => pulse.pin)).toEqual([0, 1]);
    expect(printed.unknown).toEqual([]);
    await waitUntil(async () => (await printerView()).waiting.length === 0);
    expect(await printerView()).toMatchObject({
      address: printer.text,
      setBy: 'TILLSYNC_PRINTER',
      condition: 'ready',
    });
  });

  it('a mobile money sale prints and leaves the drawer shut', async () => {
    await service.call('recordSale', {
      ...cashSale,
      paymentMethod: 'MOBILE_MONEY',
      tenderedMinor: undefined,
    });
    await waitUntil(() => paper().cuts === 1);
    expect(paper().pulses).toEqual([]);
  });

  it('a printer that refuses never holds a sale back; the receipt prints once when it is back', async () => {
    await printer.behave('refuse');
    const first = await service.call('recordSale', cashSale);
    const second = await service.call('recordSale', {
      ...cashSale,
      paymentMethod: 'MOBILE_MONEY',
      tenderedMinor: undefined,
    });
    expect([first, second].map((sold) => (sold.ok ? null : sold.error))).toEqual([null, null]);
    await waitUntil(async () => (await printerView()).condition === 'problem');
    const waiting = await printerView();
    expect(waiting.waiting.map((job) => job.label)).toEqual(['Receipt #1', 'Receipt #2']);
    expect(waiting.problem).toMatch(/refused the connection/);
    expect(waiting.retryInSeconds).toBeGreaterThanOrEqual(1);
    await printer.behave('normal');
    expect(viewOf(await service.call('retryPrinting', {})).waiting).toEqual([]);
    expect(paper().cuts).toBe(2);
    expect(paper().barcodes).toEqual(['TSR1', 'TSR2']);
  });

  it('a receipt still waiting when the till closes prints once when it starts again', async () => {
    await printer.behave('refuse');
    await service.call('recordSale', cashSale);
    await waitUntil(async () => (await printerView()).condition === 'problem');
    const { dataDir } = runtime;
    await runtime.close();
    await printer.behave('normal');
    runtime = await consoleRuntime(dataDir, { env: { TILLSYNC_PRINTER: printer.text } });
    service = createService(runtime);
    await waitUntil(() => paper().cuts === 1);
    await waitUntil(async () => (await printerView()).waiting.length === 0);
    // Started a minute or more after the sale, it would not have opened the drawer: it did here.
    expect(paper().barcodes).toEqual(['TSR1']);
    expect(paper().pulses).toHaveLength(2);
  });

  it('a printer that stalls mid-job never holds a sale back; the receipt prints whole, once, when it reads again', async () => {
    await printer.behave('stall');
    const first = await service.call('recordSale', cashSale);
    const second = await service.call('recordSale', cashSale);
    expect([first, second].map((sold) => (sold.ok ? null : sold.error))).toEqual([null, null]);
    await waitUntil(async () => (await printerView()).condition === 'problem');
    expect((await printerView()).problem).toMatch(/stopped taking the receipt|does not answer/);
    await printer.behave('normal');
    await service.call('retryPrinting', {});
    await waitUntil(async () => (await printerView()).waiting.length === 0);
    // Whatever the stalled connection let through was cut short: the receipts that count are
    // the whole ones sent after it, each once.
    const whole = decodeEscPos(printer.connections().at(-2)!, 'epson-tm-t20iii');
    const last = decodeEscPos(printer.connections().at(-1)!, 'epson-tm-t20iii');
    expect([...whole.barcodes, ...last.barcodes]).toEqual(['TSR1', 'TSR2']);
  });

  it('out of paper: nothing is sent, the job waits saying so, and prints whole with a new roll', async () => {
    printer.setStatus({ paper: 'out' });
    await service.call('recordSale', cashSale);
    await waitUntil(async () => (await printerView()).condition === 'problem');
    expect(await printerView()).toMatchObject({
      problem: 'The printer is out of paper: put in a new roll.',
      status: { paper: 'out' },
      waiting: [{ label: 'Receipt #1', attempts: 1 }],
    });
    expect(printer.printed().length).toBe(0);
    printer.setStatus({ paper: 'ok' });
    await service.call('retryPrinting', {});
    expect(paper().cuts).toBe(1);
  });

  it('"no sale" opens the drawer with its reason on record; a reprint and a cancel', async () => {
    const entry = await service.call('addDrawerEntry', {
      kind: 'no_sale',
      amountMinor: 0,
      reason: 'change for a customer',
    });
    expect(entry.ok).toBe(true);
    await waitUntil(() => paper().pulses.length === 2);
    expect(paper().cuts).toBe(0);
    await service.call('recordSale', {
      ...cashSale,
      paymentMethod: 'MOBILE_MONEY',
      tenderedMinor: undefined,
    });
    await waitUntil(() => paper().cuts === 1);
    // Printed means the printer answered after the job too: turned off before that, the job
    // would rightly wait to print again.
    await waitUntil(async () => (await printerView()).waiting.length === 0);
    await printer.behave('refuse');
    const saleId = runtime.store.listSales({ limit: 1 });
    if (!saleId.ok) throw new Error(saleId.error.message);
    const reprint = await service.call('printReceipt', { saleId: saleId.value.sales[0]!.saleId });
    expect(reprint.ok).toBe(true);
    await waitUntil(async () => (await printerView()).condition === 'problem');
    const [job] = (await printerView()).waiting;
    expect(viewOf(await service.call('cancelPrintJob', { jobId: job!.id })).waiting).toEqual([]);
    await printer.behave('normal');
    await service.call('retryPrinting', {});
    expect(paper().cuts).toBe(1);
  });

  it("the X report prints as the screen shows it, at the printer's own width", async () => {
    await service.call('openShift', { floatMinor: 5000 });
    await service.call('recordSale', cashSale);
    await waitUntil(() => paper().cuts === 1);
    viewOf(await service.call('printShiftReport', {}));
    await waitUntil(() => paper().cuts === 2);
    const report = paper().lines.slice(
      paper().lines.findIndex((line) => line.includes('X REPORT')),
    );
    expect(report.length).toBeGreaterThan(10);
    expect(report.every((line) => line.length <= 48)).toBe(true);
    expect(report).toContainEqual(expect.stringMatching(/^= Expected in the drawer +\$59\.00$/));
    expect(await service.call('printShiftReport', { number: 7 })).toMatchObject({ ok: false });
  });

  it('an address TILLSYNC_PRINTER fixes cannot be changed in Settings', async () => {
    const refused = await service.call('updateSettings', { printerAddress: 'tcp://elsewhere' });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'locked',
        fields: [{ path: '/printerAddress', message: 'set by TILLSYNC_PRINTER' }],
      },
    });
    expect(runtime.store.settings.read().printerAddress).toBeNull();
  });
});
