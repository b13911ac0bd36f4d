// The agent prints in the till's language: with the till set to de-DE, a cash sale's receipt
// on the fake ESC/POS network printer says "Summe" and "Rückgeld" with German numbers, the
// X report says "X-BERICHT"; with fr-FR set, the test page is French. Codes and English
// messages in JSON are untouched (the contract's outputs test keeps them).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { translator } from '../../domain/i18n/messages.js';
import type { PrinterView } from '../../domain/printer-view.js';
import type { Runtime } from '../../main/agent/runtime.js';
import { createService, type Service } from '../../main/agent/service.js';
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
  runtime = await consoleRuntime(tempDir(), {
    baseUrl: 'http://127.0.0.1:9',
    key: 'k',
    env: { TILLSYNC_PRINTER: printer.text },
    printerTimeoutMs: 500,
  });
  service = createService(runtime);
});
afterEach(() => runtime.close());

const paper = () => decodeEscPos(printer.printed(), 'epson-tm-t20iii');
const said = () =>
  paper()
    .lines.join('\n')
    .replace(/[\u00a0\u202f]/g, ' ');

describe("the agent's paper in the till's language", () => {
  it('prints a German receipt and a German X report for a till set to de-DE', async () => {
    const set = await service.call('updateSettings', { printAfterSale: true, locale: 'de-DE' });
    expect(set.ok ? null : set.error).toBeNull();
    await service.call('openShift', { floatMinor: 5000 });
    const sold = await service.call('recordSale', {
      items: [{ productId: 'prod_jam', quantity: 1.5, unitPriceMinor: 450 }],
      paymentMethod: 'CASH',
      tenderedMinor: 1000,
    });
    expect(sold.ok ? null : sold.error).toBeNull();
    await waitUntil(() => paper().cuts === 1);
    expect(said()).toMatch(/^Beleg Nr\. 1 +\d\d\.\d\d\.\d{4} \d\d:\d\d$/m);
    expect(said()).toMatch(/^ {2}1,5 × 4,50 \$ +6,75 \$$/m);
    expect(said()).toMatch(/^Summe +6,75 \$$/m);
    expect(said()).toMatch(/^Bezahlt mit Bargeld +10,00 \$$/m);
    expect(said()).toMatch(/^Rückgeld +3,25 \$$/m);
    expect(paper().unknown).toEqual([]);

    expect(await service.call('printShiftReport', {})).toMatchObject({ ok: true });
    await waitUntil(() => paper().cuts === 2);
    expect(said()).toContain('X-BERICHT (Schicht noch offen)');
    expect(said()).toMatch(/^= Erwartet in der Kassenlade +56,75 \$$/m);
    expect(said()).not.toContain('?');
  });

  it("keeps a printer's problem English in the view, with its key for the screens", async () => {
    await service.call('updateSettings', { printAfterSale: true, locale: 'de-DE' });
    await printer.behave('refuse');
    const sold = await service.call('recordSale', {
      items: [{ productId: 'prod_jam', quantity: 1, unitPriceMinor: 450 }],
      paymentMethod: 'CASH',
      tenderedMinor: 500,
    });
    expect(sold.ok ? null : sold.error).toBeNull();
    const printerView = async () => {
      const view = await service.call('getPrinter', {});
      if (!view.ok) throw new Error(view.error.message);
      return view.value as PrinterView;
    };
    await waitUntil(async () => (await printerView()).condition === 'problem');
    const view = await printerView();
    expect(view.problem).toMatch(/^The printer at .* refused the connection/);
    expect(view.problemSay).toMatchObject({ key: 'printer.problem.refused' });
    // The waiting receipt's label: English in the view, its key for the Till screen.
    expect(view.waiting).toMatchObject([
      { label: 'Receipt #1', labelSay: { key: 'printer.job.receipt', values: { number: 1 } } },
    ]);
    expect(translator('de-DE').say({ message: '', say: view.problemSay! })).toMatch(
      /^Der Drucker unter .* hat die Verbindung abgelehnt/,
    );
  });

  it('prints the test page in French for a till set to fr-FR', async () => {
    await service.call('updateSettings', { locale: 'fr-FR' });
    expect(await service.call('printTestPage', {})).toMatchObject({ ok: true });
    await waitUntil(() => paper().cuts === 1);
    expect(said()).toContain('48 colonnes, papier 80mm, esc-pos');
  });
});
