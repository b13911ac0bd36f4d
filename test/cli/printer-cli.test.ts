// `tillsync print`, `drawer open`, `printer test` and `printer status` as a shop's scripts run
// them: a real child process, a fake ESC/POS printer on a real socket (and one behind a
// socat pseudo-terminal for serial://), what it printed decoded back to lines, cuts,
// barcodes and drawer pulses. No printer, a printer that refuses or an address in no known
// form: a sentence naming what to set, exit 13 (2 for a bad address), nothing printed.
import { describe, expect, it } from 'vitest';
import { decodeEscPos } from '../helpers/escpos-decode.js';
import { fakePrinter } from '../helpers/fake-printer.js';
import { fakeSerialPrinter } from '../helpers/fake-serial-printer.js';
import { cliTill } from '../helpers/platform-till.js';
import { validSale } from '../helpers/sales.js';

const PRINTER_PROBLEM = 13;

describe('the printer from the command line', () => {
  it('prints a receipt again by its number, on the printer TILLSYNC_PRINTER names', async () => {
    const printer = await fakePrinter();
    const { tillsync } = await cliTill();
    const env = { TILLSYNC_PRINTER: printer.text };
    expect((await tillsync(['record'], { input: JSON.stringify(validSale()) })).code).toBe(0);
    const run = await tillsync(['print', '#1'], { env });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(`Receipt #1 printed on ${printer.text}: Ready.\n`);
    const paper = decodeEscPos(printer.printed(), 'epson-tm-t20iii');
    expect(paper.cuts).toBe(1);
    expect(paper.barcodes).toEqual(['TSR1']);
    expect(paper.lines).toContainEqual(expect.stringMatching(/^Total +\$4\.50$/));
    // A reprint never opens the drawer.
    expect(paper.pulses).toEqual([]);
    const json = await tillsync(['print', '1', '--json'], { env });
    expect(JSON.parse(json.stdout)).toMatchObject({ printed: 'Receipt #1', printer: printer.text });
  });

  it('drawer open records the no sale with its reason and pulses both pins', async () => {
    const printer = await fakePrinter();
    const { tillsync, sql } = await cliTill();
    const args = ['drawer', 'open', '--printer', printer.text];
    const noReason = await tillsync(args);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/--reason/);
    expect(printer.printed().length).toBe(0);
    const run = await tillsync([...args, '--reason', 'change for the bus']);
    expect(run.stdout).toBe(
      'Drawer opened (no sale: change for the bus), recorded in the shift.\n',
    );
    expect(decodeEscPos(printer.printed(), 'epson-tm-t20iii').pulses.map((p) => p.pin)).toEqual([
      0, 1,
    ]);
    expect(sql('select kind, amount_minor, reason from drawer_entries')).toEqual([
      { kind: 'no_sale', amount_minor: 0, reason: 'change for the bus' },
    ]);
  });

  it('printer test and status over a serial line (a socat pseudo-terminal)', async () => {
    const printer = await fakeSerialPrinter({ baudRate: 19200 });
    const { tillsync } = await cliTill();
    const set = await tillsync([
      'settings',
      'set',
      '--printer-address',
      printer.text,
      '--printer-profile',
      'epson-tm-t88vi',
    ]);
    expect(set.code).toBe(0);
    const test = await tillsync(['printer', 'test']);
    expect(test.stdout).toBe(`Test page printed on ${printer.text}: Ready.\n`);
    const page = decodeEscPos(printer.printed(), 'epson-tm-t88vi');
    expect(page.cuts).toBe(1);
    expect(page.lines.join('\n')).toMatch(/Epson TM-T88VI/);
    expect(page.unknown).toEqual([]);
    printer.setStatus({ paper: 'near_end', drawerOpen: true });
    const status = await tillsync(['printer', 'status', '--json']);
    expect(JSON.parse(status.stdout)).toEqual({
      printer: printer.text,
      status: { online: true, coverOpen: false, paper: 'near_end', drawerOpen: true },
      problem: null,
      waiting: [],
    });
  });

  it('no printer, a printer that refuses, an address in no known form: said, and nothing printed', async () => {
    const { tillsync } = await cliTill();
    expect((await tillsync(['record'], { input: JSON.stringify(validSale()) })).code).toBe(0);
    const none = await tillsync(['print', '1']);
    expect(none.code).toBe(PRINTER_PROBLEM);
    expect(none.stderr).toMatch(/No receipt printer is set: give --printer tcp:\/\/HOST:9100/);
    const printer = await fakePrinter();
    await printer.behave('refuse');
    const refused = await tillsync(['print', '1', '--printer', printer.text]);
    expect(refused.code).toBe(PRINTER_PROBLEM);
    expect(refused.stderr).toMatch(/refused the connection/);
    const down = await tillsync(['printer', 'status', '--printer', printer.text]);
    expect(down.code).toBe(PRINTER_PROBLEM);
    expect(down.stdout).toMatch(
      /^printer {4}tcp:\/\/127\.0\.0\.1:\d+ \(Epson TM-T20III\)\nstatus {5}The printer at/,
    );
    const bad = await tillsync(['printer', 'test'], { env: { TILLSYNC_PRINTER: 'lpt1' } });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^TILLSYNC_PRINTER: The printer address "lpt1" is not one of tcp:\/\/HOST:9100/,
    );
    const unknownSale = await tillsync(['print', '42', '--printer', 'tcp://127.0.0.1:9']);
    expect(unknownSale.code).toBe(2);
    expect(unknownSale.stderr).toMatch(/There is no sale 42 on this till/);
  });
});
